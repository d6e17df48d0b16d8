import {
  CATALOG_TEXT,
  type CatalogImage,
  catalogApi,
  MSG,
  NOTIFY_MS,
  type Premium,
  type PremiumKind,
  WEB_TEXT,
} from '@cab/shared';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useCan } from '../../auth/useCan.ts';
import { usePremiumImages } from '../api.ts';
import { ImageGallery } from './ImageGallery.tsx';

/** The image gallery of one premium, titled with its code (SPEC 2). */
export function PremiumImagesDialog({
  kind,
  premium,
  onClose,
}: {
  kind: PremiumKind;
  premium: Premium;
  onClose: () => void;
}) {
  const canEdit = useCan(catalogApi.premiumAddImages);
  const { enqueueSnackbar } = useSnackbar();
  const { addImages, deleteImage, moveImage } = usePremiumImages(kind, premium.id);
  const [images, setImages] = useState<CatalogImage[]>(premium.images);
  const [toDelete, setToDelete] = useState<CatalogImage | null>(null);

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="premium-images-title"
      data-testid="premium-images-dialog"
    >
      <DialogTitle id="premium-images-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <span style={{ flex: 1 }}>{CATALOG_TEXT.imagesTitle(premium.code)}</span>
        <IconButton aria-label={CATALOG_TEXT.close} onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        <ImageGallery
          title={premium.code}
          images={images}
          canEdit={canEdit}
          busy={deleteImage.isPending || moveImage.isPending}
          onUpload={async (files, onProgress) => {
            try {
              const next = await addImages.mutateAsync({ files, onProgress });
              setImages(next);
              enqueueSnackbar(CATALOG_TEXT.imagesAdded(files.length), {
                variant: 'success',
                autoHideDuration: NOTIFY_MS.short,
              });
            } catch (error) {
              const fields = (error as { fields?: Record<string, string[]> }).fields;
              const message = fields ? Object.values(fields).flat().join(' ') : '';
              if (message) enqueueSnackbar(message, { variant: 'error' });
            }
          }}
          onDelete={setToDelete}
          onMove={async (body) => {
            setImages(await moveImage.mutateAsync(body));
          }}
        />
      </DialogContent>
      <ConfirmDialog
        open={toDelete !== null}
        title={CATALOG_TEXT.deleteImage}
        text={MSG.deleteIrreversible}
        confirmLabel={MSG.deleteYes}
        cancelLabel={WEB_TEXT.cancel}
        destructive
        busy={deleteImage.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            setImages(await deleteImage.mutateAsync(toDelete.id));
            enqueueSnackbar(CATALOG_TEXT.imageDeleted, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
          } catch {
            // The API client already showed the failure (SPEC 8).
          } finally {
            setToDelete(null);
          }
        }}
      />
    </Dialog>
  );
}
