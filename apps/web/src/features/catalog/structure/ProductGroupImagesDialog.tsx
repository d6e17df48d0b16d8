import { catalogApi, type ProductGroup } from '@cab/shared';
import { useCan } from '../../auth/index.ts';
import { ImagesDialog } from '../components/ImagesDialog.tsx';
import { useProductGroupImages } from './api.ts';

/** The image gallery of one product group, titled with its name (SPEC 2, 4, 6). */
export function ProductGroupImagesDialog({ group, onClose }: { group: ProductGroup; onClose: () => void }) {
  return (
    <ImagesDialog
      title={group.name}
      galleryTitle={group.name}
      initial={group.images}
      canEdit={useCan(catalogApi.groupAddImages)}
      mutations={useProductGroupImages(group.id)}
      testId="group-images-dialog"
      onClose={onClose}
    />
  );
}
