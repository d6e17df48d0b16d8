import { CATALOG_TEXT, type CatalogImage, type MoveImageBody, MSG, NOTIFY_MS } from '@cab/shared';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { ImageGallery } from './ImageGallery.tsx';

type Upload = { files: File[]; onProgress?: (percent: number) => void };

/** The three calls behind a gallery; each answers the owner's images in their new order. */
export interface ImageMutations {
  addImages: UseMutationResult<CatalogImage[], Error, Upload>;
  deleteImage: UseMutationResult<CatalogImage[], Error, number>;
  moveImage: UseMutationResult<CatalogImage[], Error, MoveImageBody>;
}

/** The image gallery of one catalogue record (a premium or a product group) in a dialog (SPEC 2, 4, 6). */
export function ImagesDialog({
  title,
  galleryTitle,
  initial,
  canEdit,
  mutations: { addImages, deleteImage, moveImage },
  testId,
  onClose,
}: {
  title: string;
  galleryTitle: string;
  initial: CatalogImage[];
  canEdit: boolean;
  mutations: ImageMutations;
  testId: string;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [images, setImages] = useState<CatalogImage[]>(initial);
  const [toDelete, setToDelete] = useState<CatalogImage | null>(null);
  const titleId = `${testId}-title`;

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId} data-testid={testId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <span style={{ flex: 1 }}>{title}</span>
        <IconButton aria-label={CATALOG_TEXT.close} onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        <ImageGallery
          title={galleryTitle}
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
              // A refused file (type, size, pixels) comes back as field errors: say which.
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
