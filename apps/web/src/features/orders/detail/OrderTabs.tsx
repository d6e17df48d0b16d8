import { LABEL_TEXT, labelsApi, type Order, ordersApi, PRODUCTION_STATUSES, ORDERS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useCan } from '../../auth/index.ts';
import { LabelPrintsPanel } from '../../labels/index.ts';
import { CommentsPanel } from './tabs/CommentsPanel.tsx';
import { FilesPanel } from './tabs/FilesPanel.tsx';
import { NotesPanel } from './tabs/NotesPanel.tsx';
import { TimelinePanel } from './tabs/TimelinePanel.tsx';
import { TodosPanel } from './tabs/TodosPanel.tsx';

type TabName = 'comments' | 'notes' | 'todos' | 'files' | 'timeline' | 'labels';

/** Comments, the shop's notes and to-dos, files, the audit timeline and the shop's label prints of an order. */
export function OrderTabs({ order }: { order: Order }) {
  const shop = useCan(ordersApi.notes);
  const labels = useCan(labelsApi.labelPrints) && (PRODUCTION_STATUSES as readonly string[]).includes(order.status);
  const [tab, setTab] = useState<TabName>('comments');
  return (
    <Card>
      <Tabs
        value={tab}
        onChange={(_, next: TabName) => setTab(next)}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
      >
        <Tab value="comments" label={T.tabComments} data-testid="tab-comments" />
        {shop && <Tab value="notes" label={T.tabNotes} data-testid="tab-notes" />}
        {shop && <Tab value="todos" label={T.tabTodos} data-testid="tab-todos" />}
        <Tab value="files" label={T.tabFiles} data-testid="tab-files" />
        <Tab value="timeline" label={T.tabTimeline} data-testid="tab-timeline" />
        {labels && <Tab value="labels" label={LABEL_TEXT.labelPrints} data-testid="tab-label-prints" />}
      </Tabs>
      <Box sx={{ p: 2 }}>
        {tab === 'comments' && <CommentsPanel order={order} />}
        {tab === 'notes' && shop && <NotesPanel order={order} />}
        {tab === 'todos' && shop && <TodosPanel order={order} />}
        {tab === 'files' && <FilesPanel order={order} />}
        {tab === 'timeline' && <TimelinePanel order={order} />}
        {tab === 'labels' && labels && <LabelPrintsPanel orderId={order.id} />}
      </Box>
    </Card>
  );
}
