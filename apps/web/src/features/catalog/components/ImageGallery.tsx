import { CATALOG_TEXT, type CatalogImage, type MoveImageBody, MSG } from '@cab/shared';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ImageFilesButton } from './ImageFilesButton.tsx';
import { ImageViewer } from './ImageViewer.tsx';

const CARD_SIZE = 250;

interface Props {
  title: string;
  images: readonly CatalogImage[];
  /** SPEC 6: only ADMIN sees deletion, the index badge, drag reordering and Add images. */
  canEdit: boolean;
  onUpload?: (files: File[], onProgress: (percent: number) => void) => Promise<void>;
  onDelete?: (image: CatalogImage) => void;
  onMove?: (body: MoveImageBody) => Promise<void>;
  /** A save is running (delete or move). */
  busy?: boolean;
  cardSize?: number;
}

/**
 * SPEC 2 "Premium image gallery": a grid of thumbnail cards (250x250 by default); 'No images
 * found'; for admins 'Click the button below to add images', 'Add images', the index badge,
 * deletion and drag reordering; anyone may open an image at full size.
 */
export function ImageGallery({
  title,
  images,
  canEdit,
  onUpload,
  onDelete,
  onMove,
  busy,
  cardSize = CARD_SIZE,
}: Props) {
  const [order, setOrder] = useState<CatalogImage[]>([...images]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  useEffect(() => setOrder([...images]), [images]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || !onMove) return;
    const from = order.findIndex((i) => i.id === active.id);
    const to = order.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    const target = order[to]!;
    const goingUp = to < from;
    const previous = order;
    setOrder(arrayMove(order, from, to));
    try {
      await onMove(
        goingUp
          ? { moved: Number(active.id), above: target.id, going_up: true }
          : { moved: Number(active.id), under: target.id, going_up: false },
      );
    } catch {
      setOrder(previous);
    }
  };

  const upload = async (files: File[]) => {
    if (!onUpload || files.length === 0) return;
    setUploadPercent(0);
    try {
      await onUpload(files, setUploadPercent);
    } finally {
      setUploadPercent(null);
    }
  };

  return (
    <Box data-testid="image-gallery">
      <Box sx={{ height: 4, mb: 1 }}>
        {(busy || uploadPercent !== null) && (
          <LinearProgress
            variant={uploadPercent !== null && uploadPercent < 100 ? 'determinate' : 'indeterminate'}
            value={uploadPercent ?? undefined}
          />
        )}
      </Box>
      {order.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }} data-testid="no-images">
          <ImageNotSupportedOutlined sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          <Typography variant="h6" component="p" sx={{ mt: 1 }}>
            {MSG.noImagesFound}
          </Typography>
          {canEdit && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {MSG.clickToAddImages}
            </Typography>
          )}
        </Box>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order.map((i) => i.id)} strategy={rectSortingStrategy} disabled={!canEdit}>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: `repeat(auto-fill, minmax(${Math.min(cardSize, 180)}px, ${cardSize}px))`,
                gap: 2,
                justifyContent: 'center',
              }}
            >
              {order.map((image, position) => (
                <ImageCard
                  key={image.id}
                  image={image}
                  title={title}
                  position={position}
                  size={cardSize}
                  canEdit={canEdit}
                  onOpen={() => setViewing(position)}
                  onDelete={onDelete ? () => onDelete(image) : undefined}
                />
              ))}
            </Box>
          </SortableContext>
        </DndContext>
      )}
      {canEdit && onUpload && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <ImageFilesButton
            variant="contained"
            inputTestId="image-file-input"
            onFiles={upload}
            disabled={uploadPercent !== null}
          >
            {CATALOG_TEXT.addImages}
          </ImageFilesButton>
        </Box>
      )}
      <ImageViewer
        images={order}
        index={viewing}
        title={title}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
      />
    </Box>
  );
}

function ImageCard({
  image,
  title,
  position,
  size,
  canEdit,
  onOpen,
  onDelete,
}: {
  image: CatalogImage;
  title: string;
  position: number;
  size: number;
  canEdit: boolean;
  onOpen: () => void;
  onDelete?: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: image.id,
    disabled: !canEdit,
  });
  return (
    <Card
      ref={setNodeRef}
      data-testid={`image-card-${image.id}`}
      data-index={image.index}
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: size,
        aspectRatio: '1 / 1',
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 3 : undefined,
        boxShadow: isDragging ? 6 : undefined,
        bgcolor: 'grey.50',
        '&:hover .image-actions': { opacity: 1 },
      }}
    >
      <Box
        component="button"
        type="button"
        onClick={onOpen}
        aria-label={`${CATALOG_TEXT.viewFullSize}: ${CATALOG_TEXT.imageAlt(title, position)}`}
        {...(canEdit ? listeners : {})}
        {...(canEdit ? attributes : {})}
        sx={{
          all: 'unset',
          display: 'block',
          width: '100%',
          height: '100%',
          cursor: canEdit ? 'grab' : 'zoom-in',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <Box
          component="img"
          src={image.thumbnail || image.image}
          alt={CATALOG_TEXT.imageAlt(title, position)}
          loading="lazy"
          draggable={false}
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      </Box>
      {canEdit && (
        <>
          <Chip
            label={image.index}
            size="small"
            color="primary"
            data-testid="image-index"
            sx={{ position: 'absolute', top: 8, left: 8, fontWeight: 700, pointerEvents: 'none' }}
          />
          <DragIndicatorRounded
            aria-hidden
            sx={{ position: 'absolute', bottom: 8, left: 8, color: 'text.secondary', pointerEvents: 'none' }}
          />
          {onDelete && (
            <Tooltip title={CATALOG_TEXT.deleteImage}>
              <IconButton
                className="image-actions"
                aria-label={CATALOG_TEXT.deleteImage}
                onClick={onDelete}
                size="small"
                data-testid="delete-image"
                sx={{
                  position: 'absolute',
                  top: 6,
                  right: 6,
                  bgcolor: 'background.paper',
                  boxShadow: 1,
                  opacity: { xs: 1, md: 0.85 },
                  '&:hover': { bgcolor: 'error.main', color: 'common.white' },
                }}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </>
      )}
    </Card>
  );
}
