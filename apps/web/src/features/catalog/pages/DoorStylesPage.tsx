import { CATALOG_TEXT } from '@cab/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchState } from '../../../components/data-table/useListState.ts';
import { kindConfig } from '../kinds.ts';
import { PremiumListView } from '../premiums/PremiumListView.tsx';

const DOOR = kindConfig('door_style');
const DRAWER = kindConfig('drawer_style');
const DRAWER_TAB = 'drawer_styles';
const TABS = { tab: 'door_styles' };

/**
 * /catalog/premiums/door_styles: door styles, and drawer styles on a second tab (DOMAIN.md: drawer
 * styles have no route of their own; the premium selector applies both together). The tab is
 * kept in the address (?tab=drawer_styles) so it survives a reload; each list has its own parameters.
 */
export default function DoorStylesPage() {
  const [kept, setTabs] = useSearchState({ key: 'catalog.door_styles', defaults: TABS });
  const tab = kept.tab === DRAWER_TAB ? DRAWER_TAB : 'door_styles';
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, next: string) => setTabs({ tab: next }, { push: false })}
          aria-label={CATALOG_TEXT.doorStylesTab}
        >
          <Tab value="door_styles" label={CATALOG_TEXT.doorStylesTab} data-testid="tab-door-styles" />
          <Tab value={DRAWER_TAB} label={CATALOG_TEXT.drawerStylesTab} data-testid="tab-drawer-styles" />
        </Tabs>
      </Box>
      {tab === DRAWER_TAB ? (
        <PremiumListView key="drawer" config={DRAWER} prefix="drawer" />
      ) : (
        <PremiumListView key="door" config={DOOR} prefix="door" />
      )}
    </>
  );
}
