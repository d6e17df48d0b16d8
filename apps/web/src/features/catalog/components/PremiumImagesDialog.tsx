import { CATALOG_TEXT, catalogApi, type Premium, type PremiumKind } from '@cab/shared';
import { useCan } from '../../auth/index.ts';
import { usePremiumImages } from '../api.ts';
import { ImagesDialog } from './ImagesDialog.tsx';

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
  return (
    <ImagesDialog
      title={CATALOG_TEXT.imagesTitle(premium.code)}
      galleryTitle={premium.code}
      initial={premium.images}
      canEdit={useCan(catalogApi.premiumAddImages)}
      mutations={usePremiumImages(kind, premium.id)}
      testId="premium-images-dialog"
      onClose={onClose}
    />
  );
}
