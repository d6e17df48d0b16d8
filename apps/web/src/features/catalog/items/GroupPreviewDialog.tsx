import { CATALOG_TEXT, type LineItem, SERVER_PAGES } from '@cab/shared';
import CloseRounded from '@mui/icons-material/CloseRounded';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useItemGroup } from '../api.ts';
import { ImageGallery } from '../components/ImageGallery.tsx';

/**
 * Clicking a manufacturer code (SPEC 2): the item's product group with its name, notes and
 * images, and Print, which opens the server's printable group page in a new tab.
 */
export function GroupPreviewDialog({ item, onClose }: { item: LineItem; onClose: () => void }) {
  const group = useItemGroup(item.id);
  const data = group.data;
  const notes = data
    ? (
        [
          [CATALOG_TEXT.notes, data.note],
          [CATALOG_TEXT.secondaryNote, data.secondary_note],
          [CATALOG_TEXT.shelfNote, data.shelf_note],
        ] as const
      ).filter(([, text]) => text.trim() !== '')
    : [];

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="group-preview-title"
      data-testid="group-preview"
    >
      <DialogTitle id="group-preview-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="div" sx={{ lineHeight: 1.6 }}>
            {CATALOG_TEXT.groupPreviewTitle} · {item.manufacturer_code}
          </Typography>
          {group.isPending ? <Skeleton width={240} /> : (data?.name ?? CATALOG_TEXT.groupPreviewTitle)}
        </Box>
        <IconButton aria-label={CATALOG_TEXT.close} onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {group.isPending && <Skeleton variant="rectangular" height={200} />}
        {!group.isPending && !data && <Alert severity="info">{CATALOG_TEXT.noProductGroup}</Alert>}
        {data && (
          <Stack spacing={2}>
            {notes.length > 0 && (
              <Stack spacing={1} data-testid="group-notes">
                {notes.map(([label, text]) => (
                  <Box key={label}>
                    <Typography variant="subtitle2" component="h3">
                      {label}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                      {text}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            )}
            <ImageGallery title={data.name} images={data.images} canEdit={false} cardSize={200} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          {CATALOG_TEXT.close}
        </Button>
        {data && (
          <Button
            variant="contained"
            startIcon={<PrintOutlined />}
            href={SERVER_PAGES.catalogGroupPrint(data.id)}
            target="_blank"
            rel="noopener"
            data-testid="group-print"
          >
            {CATALOG_TEXT.print}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
