import { kindConfig } from '../kinds.ts';
import { PremiumListView } from '../premiums/PremiumListView.tsx';

const CONFIG = kindConfig('finished_side');

/** /catalog/premiums/finished_sides (SPEC 2 "Premium list"). */
export default function FinishedSidesPage() {
  return <PremiumListView config={CONFIG} />;
}
