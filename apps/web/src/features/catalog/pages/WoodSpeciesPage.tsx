import { kindConfig } from '../kinds.ts';
import { PremiumListView } from '../premiums/PremiumListView.tsx';

const CONFIG = kindConfig('wood_species');

/** /catalog/premiums/wood_species (SPEC 2 "Premium list"). */
export default function WoodSpeciesPage() {
  return <PremiumListView config={CONFIG} />;
}
