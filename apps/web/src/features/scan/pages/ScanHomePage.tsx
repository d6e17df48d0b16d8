import { PAGE_SIZE, SCAN_SESSION_TYPES, PRODUCTION_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AddButton } from '../../../components/AddButton.tsx';
import { DebouncedTextField } from '../../../components/DebouncedTextField.tsx';
import { ListPage } from '../../../components/data-table/ListPage.tsx';
import { useListQuery } from '../../../components/data-table/useListState.ts';
import { usePhone } from '../../../lib/usePhone.ts';
import { StatusChip } from '../../orders/index.ts';
import { useOrderSearch, useScanSessions } from '../api.ts';
import { phoneSessionColumns, sessionColumns } from '../components/columns.tsx';
import { ShopOnly } from '../components/ShopOnly.tsx';

const OPEN_OPTIONS = [
  { value: 'true', label: T.open },
  { value: 'false', label: T.closed },
];

/** /scan: the pre-scan search (find an order), a new session, and the sessions. */
export default function ScanHomePage() {
  return (
    <ShopOnly>
      <ScanHome />
    </ShopOnly>
  );
}

function ScanHome() {
  const navigate = useNavigate();
  const list = useListQuery(
    { key: 'scan.sessions', pageSize: PAGE_SIZE.orders, filters: { type: '', open: '' } },
    useScanSessions,
  );
  const phone = usePhone();
  return (
    <ListPage
      actions={
        <AddButton to="/scan/new" variant="contained" data-testid="new-session">
          {T.newSession}
        </AddButton>
      }
      above={<OrderSearch />}
      {...list}
      filters={{
        fields: [
          {
            kind: 'select',
            name: 'type',
            label: T.type,
            anyLabel: T.anyType,
            options: SCAN_SESSION_TYPES,
            labels: T.sessionTypes,
            testId: 'type-filter',
          },
          {
            kind: 'select',
            name: 'open',
            label: T.status,
            anyLabel: T.anyState,
            options: OPEN_OPTIONS,
            testId: 'open-filter',
          },
        ],
      }}
      columns={phone ? phoneSessionColumns : sessionColumns}
      emptyText={T.noSessions}
      onRowClick={(s) => navigate(`/scan/session/${s.id}`)}
      rowTestId={(s) => `session-row-${s.id}`}
      testId="sessions-table"
    />
  );
}

function OrderSearch() {
  const [name, setName] = useState('');
  const found = useOrderSearch(name);
  const rows = found.data?.results ?? [];
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <DebouncedTextField
          value={name}
          onDebouncedChange={setName}
          delay={400}
          label={T.searchOrders}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'order-search' } }}
        />
        {name.trim() && !found.isPending && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {T.noOrdersFound}
          </Typography>
        )}
        {rows.length > 0 && (
          <List dense data-testid="order-search-results">
            {rows.map((o) => (
              <ListItem
                key={o.id}
                secondaryAction={
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button size="small" component={RouterLink} to={`/orders/${o.id}/scan_sessions`}>
                      {T.scanSessionsLink}
                    </Button>
                    <Button size="small" component={RouterLink} to={`/orders/${o.id}`}>
                      {T.openOrder}
                    </Button>
                  </Box>
                }
              >
                <ListItemText
                  primary={
                    <>
                      #{o.id} {o.name} <StatusChip status={o.status} />
                    </>
                  }
                  secondary={o.customer_display}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
