import { NOTIFY_MS, type Order, ordersApi, ORDERS_WEB_TEXT as T } from '@cab/shared';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { formatDateTime } from '../../../../lib/format.ts';
import { useSnackbar } from '../../../../lib/toasts.ts';
import { useCan } from '../../../auth/index.ts';
import { downloadOrderFile, useAddFiles, useAddStatusDocs, useOrderFiles } from '../../api.ts';
import { Loaded } from './parts.tsx';

function FilePicker({ label, onFiles, testId }: { label: string; onFiles: (files: File[]) => void; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<AttachFileRounded />} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid={testId}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

export function FilesPanel({ order }: { order: Order }) {
  const { enqueueSnackbar } = useSnackbar();
  const files = useOrderFiles(order.id);
  const addFiles = useAddFiles(order.id);
  const addStatusDocs = useAddStatusDocs(order.id);
  const canStatusDocs = useCan(ordersApi.addStatusDocs);
  const [replace, setReplace] = useState(false);
  const added = (n: number) =>
    enqueueSnackbar(T.filesAdded(n), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
  return (
    <Box data-testid="files-panel">
      <Loaded query={files}>
        {({ results }) =>
          results.length === 0 ? (
            <Typography color="text.secondary">{T.noFiles}</Typography>
          ) : (
            <List dense>
              {results.map((f) => (
                <ListItem
                  key={f.id}
                  divider
                  data-testid="order-file"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={T.download}
                      onClick={() => void downloadOrderFile(order.id, f.id, f.name)}
                    >
                      <DownloadRounded fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={f.name}
                    secondary={`${T.fileKinds[f.kind] ?? f.kind}${f.status ? ` (${f.status})` : ''}, ${formatDateTime(f.created_at)}`}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </Loaded>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FilePicker
          label={T.addFiles}
          testId="add-files-input"
          onFiles={(list) => addFiles.mutate({ files: list, replace }, { onSuccess: () => added(list.length) })}
        />
        <FormControlLabel
          control={<Checkbox size="small" checked={replace} onChange={(e) => setReplace(e.target.checked)} />}
          label={T.replaceFiles}
        />
        {canStatusDocs && (
          <FilePicker
            label={T.addStatusDocs}
            testId="add-status-docs-input"
            onFiles={(list) => addStatusDocs.mutate(list, { onSuccess: () => added(list.length) })}
          />
        )}
      </Stack>
    </Box>
  );
}
