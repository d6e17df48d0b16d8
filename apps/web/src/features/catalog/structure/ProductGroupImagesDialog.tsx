import { CATALOG_TEXT, type CatalogImage, catalogApi, MSG, NOTIFY_MS, type ProductGroup, WEB_TEXT } from '@cab/shared';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { useCan } from '../../auth/useCan.ts';
import { ImageGallery } from '../components/ImageGallery.tsx';
import { useProductGroupImages } from './api.ts';

/** The image gallery of one product group, titled with its name (SPEC 2, 4, 6). */
export function ProductGroupImagesDialog({ group, onClose }: { group: ProductGroup; onClose: () => void }) {
  const canEdit = useCan(catalogApi.groupAddImages);
  const { enqueueSnackbar } = useSnackbar();
  const { addImages, deleteImage, moveImage } = useProductGroupImages(group.id);
  const [images, setImages] = useState<CatalogImage[]>(group.images);
  const [toDelete, setToDelete] = useState<CatalogImage | null>(null);

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="group-images-title"
      data-testid="group-images-dialog"
    >
      <DialogTitle id="group-images-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <span style={{ flex: 1 }}>{group.name}</span>
        <IconButton aria-label={CATALOG_TEXT.close} onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        <ImageGallery
          title={group.name}
          images={images}
          canEdit={canEdit}
          busy={deleteImage.isPending || moveImage.isPending}
          onUpload={async (files, onProgress) => {
            try {
              setImages(await addImages.mutateAsync({ files, onProgress }));
              enqueueSnackbar(CATALOG_TEXT.imagesAdded(files.length), {
                variant: 'success',
                autoHideDuration: NOTIFY_MS.short,
              });
            } catch (error) {
              // A refused file (type, size) comes back as field errors: say which.
              const message = isApiRequestError(error) ? Object.values(error.fields).flat().join(' ') : '';
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
