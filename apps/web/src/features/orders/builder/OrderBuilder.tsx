import { BUILDER_TEXT, cents, DEBOUNCE_MS, formatMoney, formatWireMoney, type Order, ROLE_GROUPS } from '@cab/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { AsyncAutocomplete } from '../../../components/AsyncAutocomplete.tsx';
import { ColumnMenu } from '../../../components/data-table/ColumnMenu.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useColumnVisibility } from '../../../components/data-table/useColumnVisibility.ts';
import { useInRoleGroup, useSession } from '../../auth/index.ts';
import { MoneyRows } from '../detail/MoneyRows.tsx';
import { searchCustomers, usePremiumCatalog } from './api.ts';
import { GroupCard } from './GroupCard.tsx';
import { LINE_COLUMNS, type LineColumn, PRICE_COLUMNS } from './LineTable.tsx';
import { createGroupPricer } from './pricing.ts';
import { groupToFocusAfterRemoval, isDirty, lineNumberOffsets } from './state.ts';
import { setDraftOwner } from './storage.ts';
import { useDraftSync } from './useDraftSync.ts';

const COLUMN_DEFS: DataColumn<unknown>[] = LINE_COLUMNS.map((key) => ({
  key,
  header: BUILDER_TEXT.columns[key],
  render: () => null,
  optional: PRICE_COLUMNS.includes(key),
}));

/** The group cards on the page, and the index of the one holding the focus (-1: none). */
function groupCards() {
  const cards = [...document.querySelectorAll<HTMLElement>('[data-group-key]')];
  return { cards, at: cards.findIndex((card) => card.contains(document.activeElement)) };
}

interface CustomerRef {
  id: number;
  full_name: string;
  email: string;
}

/**
 * The order builder (/orders/build and /orders/{id}): groups of cabinets with their premiums,
 * lines keyed in by code, SPEC 5's group rules, the live price from the shared engine, and a
 * draft that is never lost (autosave for a saved order, this device's storage for a new one).
 */
export function OrderBuilder({ order, onSaved }: { order?: Order; onSaved?: (order: Order) => void }) {
  /** The group whose code field had the focus when the first save moved the page to /orders/{id}. */
  const focusGroup = (useLocation().state as { focusGroup?: number } | null)?.focusGroup ?? 0;
  // A bid waiting for a manager or declined opens at its approval panel (at the top), not scrolled
  // down to a focused code field past it (issue 35: 745 px down).
  const approvalFirst = order?.approval?.status === 'PENDING' || order?.approval?.status === 'DECLINED';
  const isAdmin = useInRoleGroup(ROLE_GROUPS.admin);
  setDraftOwner(useSession().me?.id);
  const catalog = usePremiumCatalog();
  const sync = useDraftSync({ order, isAdmin, onSaved, focusedGroup: () => Math.max(groupCards().at, 0) });
  const { draft, dispatch, draftRef, status, serverOrder, headErrors } = sync;
  const [customer, setCustomer] = useState<CustomerRef | null>(null);
  const [newGroupKey, setNewGroupKey] = useState<string | null>(null);
  const dirty = isDirty(draft);
  const isNew = draft.orderId === null;

  function addGroup() {
    const key = `g${Date.now().toString(36)}`;
    setNewGroupKey(key);
    dispatch({ type: 'addGroup', key });
  }
  // A removed group hands the focus to the group before it (else after it): its code field.
  const [focusCodeOf, setFocusCodeOf] = useState<string | null>(null);
  const removeGroup = useCallback(
    (key: string) => {
      setFocusCodeOf(groupToFocusAfterRemoval(draftRef.current.groups, key));
      dispatch({ type: 'removeGroup', key });
    },
    [draftRef, dispatch],
  );
  useEffect(() => {
    if (focusCodeOf === null) return;
    setFocusCodeOf(null);
    const card = groupCards().cards.find((c) => c.dataset.groupKey === focusCodeOf);
    card?.querySelector<HTMLInputElement>('[data-testid="add-code-input"]')?.focus();
  }, [focusCodeOf]);
  const addGroupRef = useRef(addGroup);
  addGroupRef.current = addGroup;
  const saveRef = useRef(sync.save);
  saveRef.current = sync.save;

  // Ctrl+S / Cmd+S saves now. Alt+G adds a group; Alt+Up / Alt+Down go to the previous / next
  // group's code field (with a hundred lines a group, Tab alone is hundreds of presses away).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
        return;
      }
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.code === 'KeyG') {
        e.preventDefault();
        addGroupRef.current();
        return;
      }
      if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
      const { cards, at } = groupCards();
      const up = e.key === 'ArrowUp';
      const target = at === -1 ? cards[up ? cards.length - 1 : 0] : cards[up ? at - 1 : at + 1];
      const field = target?.querySelector<HTMLInputElement>('[data-testid="add-code-input"]');
      if (!field) return;
      e.preventDefault();
      field.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // ------------------------------------------------------------------------------------------
  // Price and columns

  const pricer = useMemo(createGroupPricer, []);
  const priced = draft.groups.map((g) => pricer(g, catalog.prices));
  const liveSubtotal = cents(priced.reduce((sum, p) => sum + p.subtotal, 0));
  const offsets = lineNumberOffsets(draft.groups);
  const { hidden, toggle } = useColumnVisibility('order-builder-lines', COLUMN_DEFS);
  const visible = useMemo(() => LINE_COLUMNS.filter((c) => !hidden.has(c)) as LineColumn[], [hidden]);

  const statusText =
    status === 'saving'
      ? BUILDER_TEXT.saving
      : dirty || (isNew && draft.revision > 0)
        ? isNew
          ? BUILDER_TEXT.draftKept
          : BUILDER_TEXT.unsaved
        : status === 'saved' || !isNew
          ? BUILDER_TEXT.saved
          : '';

  return (
    <Stack spacing={2} data-testid="order-builder">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            size="small"
            label={BUILDER_TEXT.orderName}
            required
            value={draft.name}
            error={Boolean(headErrors.name)}
            helperText={headErrors.name ?? undefined}
            onChange={(e) => {
              sync.clearHeadError('name');
              dispatch({ type: 'setHead', field: 'name', value: e.target.value });
            }}
            slotProps={{ htmlInput: { 'data-testid': 'order-name', maxLength: 255 } }}
            sx={{ minWidth: { sm: 260 } }}
          />
          <TextField
            size="small"
            label={BUILDER_TEXT.poNumber}
            value={draft.po_number}
            error={Boolean(headErrors.po_number)}
            helperText={headErrors.po_number ?? undefined}
            onChange={(e) => {
              sync.clearHeadError('po_number');
              dispatch({ type: 'setHead', field: 'po_number', value: e.target.value });
            }}
            slotProps={{ htmlInput: { 'data-testid': 'order-po', maxLength: 100 } }}
          />
          {isAdmin && isNew && (
            <Box sx={{ minWidth: { sm: 280 } }}>
              <AsyncAutocomplete<CustomerRef>
                label={BUILDER_TEXT.customer}
                required
                value={customer}
                onChange={(next) => {
                  setCustomer(next);
                  sync.clearHeadError('customer');
                  dispatch({ type: 'setCustomer', customer: next?.id ?? null });
                }}
                fetchOptions={async (text, signal) =>
                  (await searchCustomers(text, signal)).map((u) => ({
                    id: u.id,
                    full_name: u.full_name,
                    email: u.email,
                  }))
                }
                getOptionLabel={(u) => u.full_name || u.email}
                getOptionKey={(u) => u.id}
                renderOptionText={(u) => `${u.full_name} (${u.email})`}
                debounceMs={DEBOUNCE_MS.autocomplete}
                size="small"
                error={Boolean(headErrors.customer)}
                helperText={headErrors.customer ?? undefined}
                testId="order-customer"
              />
            </Box>
          )}
          {!isNew && serverOrder && (
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {BUILDER_TEXT.customer}: {serverOrder.customer_display}
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {statusText && (
              <Chip
                size="small"
                label={statusText}
                color={status === 'error' ? 'error' : dirty ? 'default' : 'success'}
                variant="outlined"
                data-testid="save-status"
                role="status"
              />
            )}
            <ColumnMenu columns={COLUMN_DEFS} hidden={hidden} onToggle={toggle} />
            <Button
              variant="contained"
              onClick={() => void sync.save()}
              disabled={status === 'saving'}
              data-testid="save-order"
            >
              {BUILDER_TEXT.save}
            </Button>
          </Stack>
        </Stack>
      </Paper>

      {sync.notice && (
        <Alert severity="info" onClose={sync.clearNotice} data-testid="builder-notice">
          {sync.notice}
        </Alert>
      )}
      {sync.error && (
        <Alert severity="error" onClose={sync.clearError} data-testid="builder-error">
          {sync.error}
          {sync.errorDetails.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {sync.errorDetails.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}

      {draft.groups.length === 0 && <Typography color="text.secondary">{BUILDER_TEXT.noGroups}</Typography>}
      {draft.groups.map((group, i) => (
        <GroupCard
          key={group.key}
          group={group}
          index={i}
          firstLineNumber={offsets[i] ?? 1}
          catalog={catalog}
          priced={priced[i] as (typeof priced)[number]}
          visible={visible}
          dispatch={dispatch}
          canRemove={draft.groups.length > 1}
          onRemove={removeGroup}
          autoFocusCode={group.key === newGroupKey || (i === focusGroup && newGroupKey === null && !approvalFirst)}
        />
      ))}

      {/* A phone stacks the totals under 'Add group' (the page never scrolls sideways). */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={addGroup} data-testid="add-group">
          {BUILDER_TEXT.addGroup}
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }} data-testid="group-keys-hint">
          {BUILDER_TEXT.groupKeysHint}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Paper variant="outlined" sx={{ p: 2, minWidth: { sm: 300 } }} data-testid="order-totals">
          <MoneyRows
            rows={[
              { label: BUILDER_TEXT.liveSubtotal, value: formatMoney(liveSubtotal), valueTestId: 'live-subtotal' },
            ]}
          />
          {serverOrder && (
            <>
              <Typography variant="overline" color="text.secondary">
                {dirty ? BUILDER_TEXT.totalsAtLastSave : BUILDER_TEXT.saved}
              </Typography>
              <MoneyRows
                rows={[
                  {
                    label: BUILDER_TEXT.subtotal,
                    value: formatWireMoney(serverOrder.subtotal),
                    valueTestId: 'server-subtotal',
                  },
                  {
                    label: BUILDER_TEXT.discounts,
                    value: formatWireMoney(serverOrder.order_discount),
                    valueTestId: 'server-discounts',
                  },
                  { label: BUILDER_TEXT.surcharge, value: formatWireMoney(serverOrder.surcharge) },
                  { label: BUILDER_TEXT.salesTax, value: formatWireMoney(serverOrder.sales_tax_amount) },
                  {
                    label: BUILDER_TEXT.totalPrice,
                    value: formatWireMoney(serverOrder.total_price),
                    valueTestId: 'server-total',
                    strong: true,
                  },
                ]}
              />
            </>
          )}
        </Paper>
      </Stack>
    </Stack>
  );
}
