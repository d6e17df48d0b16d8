import { CATALOG_TEXT, type CatalogImage } from '@cab/shared';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';

/** An image at full size, with previous/next (SPEC 2: anyone may view an image in full). */
export function ImageViewer({
  images,
  index,
  title,
  onIndexChange,
  onClose,
}: {
  images: readonly CatalogImage[];
  index: number | null;
  title: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const image = index === null ? undefined : images[index];
  const count = images.length;

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && count > 1) onIndexChange((index - 1 + count) % count);
      if (event.key === 'ArrowRight' && count > 1) onIndexChange((index + 1) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, count, onIndexChange]);

  return (
    <Dialog
      open={Boolean(image)}
      onClose={onClose}
      maxWidth="lg"
      aria-label={title}
      data-testid="image-viewer"
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white', overflow: 'hidden' } } }}
    >
      {image && index !== null && (
        <Box sx={{ position: 'relative' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
            <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.7, mr: 1 }}>
              {index + 1} / {count}
            </Typography>
            <IconButton onClick={onClose} aria-label={CATALOG_TEXT.close} sx={{ color: 'inherit' }}>
              <CloseRounded />
            </IconButton>
          </Box>
          <Box
            component="img"
            src={image.image}
            alt={CATALOG_TEXT.imageAlt(title, index)}
            data-testid="image-viewer-img"
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 'calc(100vh - 160px)', mx: 'auto', bgcolor: 'white' }}
          />
          {count > 1 && (
            <>
              <IconButton
                aria-label={CATALOG_TEXT.previousImage}
                onClick={() => onIndexChange((index - 1 + count) % count)}
                sx={navButton('left')}
              >
                <ChevronLeftRounded />
              </IconButton>
              <IconButton
                aria-label={CATALOG_TEXT.nextImage}
                onClick={() => onIndexChange((index + 1) % count)}
                sx={navButton('right')}
              >
                <ChevronRightRounded />
              </IconButton>
            </>
          )}
        </Box>
      )}
    </Dialog>
  );
}

const navButton = (side: 'left' | 'right') => ({
  position: 'absolute',
  top: '50%',
  [side]: 8,
  bgcolor: 'rgba(0,0,0,0.45)',
  color: 'common.white',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' },
});
