import { kindConfig } from '../kinds.ts';
import { PremiumListView } from '../premiums/PremiumListView.tsx';

const CONFIG = kindConfig('finish_option');

/** /catalog/premiums/finish_options (SPEC 2 "Premium list"). */
export default function FinishOptionsPage() {
  return <PremiumListView config={CONFIG} />;
}
