import {
  BUILDER_TEXT,
  cents,
  DEBOUNCE_MS,
  formatMoney,
  formatWireMoney,
  MSG,
  ORDER_TEXT,
  type Order,
  ROLE_GROUPS,
} from '@cab/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AsyncAutocomplete } from '../../../components/AsyncAutocomplete.tsx';
import { ColumnMenu } from '../../../components/data-table/ColumnMenu.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useColumnVisibility } from '../../../components/data-table/useColumnVisibility.ts';
import { useDebouncedCallback } from '../../../components/useDebounced.ts';
import { isApiRequestError } from '../../../lib/api.ts';
import { useInRoleGroup, useSession } from '../../auth/index.ts';
import { storeOrder } from '../api.ts';
import { fetchOrder, saveDraft, searchCustomers, usePremiumCatalog } from './api.ts';
import { GroupCard } from './GroupCard.tsx';
import { LINE_COLUMNS, type LineColumn, PRICE_COLUMNS } from './LineTable.tsx';
import { createGroupPricer } from './pricing.ts';
import {
  type Draft,
  draftFromOrder,
  draftReducer,
  groupToFocusAfterRemoval,
  isDirty,
  lineNumberOffsets,
  newDraft,
  orderSignature,
  placeFieldErrors,
} from './state.ts';
import { clearDraft, readDraft, setDraftOwner, writeDraft } from './storage.ts';

/** Autosave this long after the last change (an existing order). */
export const AUTOSAVE_MS = 1500;
const BACKUP_MS = 300;

const COLUMN_DEFS: DataColumn<unknown>[] = LINE_COLUMNS.map((key) => ({
  key,
  header: BUILDER_TEXT.columns[key],
  render: () => null,
  optional: PRICE_COLUMNS.includes(key),
}));

function initialDraft(order: Order | undefined): { draft: Draft; restored: boolean } {
  if (!order) {
    const kept = readDraft(null);
    return kept ? { draft: kept, restored: false } : { draft: newDraft(), restored: false };
  }
  const kept = readDraft(order.id);
  // Unsaved changes from an earlier visit, made on the version the server still has: take them back.
  if (kept && kept.version === order.version && isDirty(kept)) return { draft: kept, restored: true };
  if (kept) clearDraft(order.id);
  return { draft: draftFromOrder(order), restored: false };
}

/** The group cards on the page, and the index of the one holding the focus (-1: none). */
function groupCards() {
  const cards = [...document.querySelectorAll<HTMLElement>('[data-group-key]')];
  return { cards, at: cards.findIndex((card) => card.contains(document.activeElement)) };
}

type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

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
  const navigate = useNavigate();
  /** The group whose code field had the focus when the first save moved the page to /orders/{id}. */
  const focusGroup = (useLocation().state as { focusGroup?: number } | null)?.focusGroup ?? 0;
  const client = useQueryClient();
  const isAdmin = useInRoleGroup(ROLE_GROUPS.admin);
  setDraftOwner(useSession().me?.id);
  const catalog = usePremiumCatalog();
  const [init] = useState(() => initialDraft(order));
  const [draft, dispatch] = useReducer(draftReducer, init.draft);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  /** A refused save: where each field error is, in words (the fields themselves are marked too). */
  const [errorDetails, setErrorDetails] = useState<readonly string[]>([]);
  const [poError, setPoError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(init.restored ? BUILDER_TEXT.restoredDraft : null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [customerError, setCustomerError] = useState<string | null>(null);
  const [customer, setCustomer] = useState<CustomerRef | null>(null);
  const [serverOrder, setServerOrder] = useState<Order | undefined>(order);
  const [newGroupKey, setNewGroupKey] = useState<string | null>(null);

  /** What the server had when this draft last matched it: a 409 over the same groups is rebased, not reloaded. */
  const base = useRef<string | null>(order ? orderSignature(order) : null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const saving = useRef(false);
  /** The revision the server refused on its fields: not sent again until something changes (or Ctrl+S). */
  const refusedRevision = useRef<number | null>(null);
  /** The new draft became an order: nothing of it is kept as a new draft any more. */
  const created = useRef(false);
  const dirty = isDirty(draft);
  const isNew = draft.orderId === null;

  // ------------------------------------------------------------------------------------------
  // Saving

  const reload = useCallback(
    async (id: number) => {
      const fresh = await fetchOrder(id);
      clearDraft(id);
      storeOrder(client, fresh);
      setServerOrder(fresh);
      base.current = orderSignature(fresh);
      dispatch({ type: 'reset', draft: draftFromOrder(fresh) });
    },
    [client],
  );

  const autosave = useDebouncedCallback(() => {
    if (draftRef.current.revision !== refusedRevision.current) void save();
  }, AUTOSAVE_MS);

  async function save(): Promise<void> {
    const current = draftRef.current;
    if (saving.current) return;
    if (current.orderId !== null && !isDirty(current)) return;
    if (current.orderId === null) {
      const noName = current.name.trim() === '';
      const noCustomer = isAdmin && current.customer === null;
      setNameError(noName ? MSG.required : null);
      setCustomerError(noCustomer ? ORDER_TEXT.customerRequired : null);
      if (noName || noCustomer) return;
    }
    saving.current = true;
    autosave.cancel();
    setStatus('saving');
    try {
      const saved = await saveDraft(current);
      dispatch({ type: 'saved', revision: current.revision, order: saved });
      base.current = orderSignature(saved);
      storeOrder(client, saved);
      setServerOrder(saved);
      setStatus('saved');
      setError(null);
      setErrorDetails([]);
      setPoError(null);
      refusedRevision.current = null;
      setNotice(null);
      if (current.orderId === null) {
        created.current = true;
        clearDraft(null);
        onSaved?.(saved);
        // The same page (and this builder) shows /orders/{id}: the focus and any keys typed meanwhile stay.
        navigate(`/orders/${saved.id}`, { state: { focusGroup: Math.max(groupCards().at, 0) } });
        return;
      }
      if (draftRef.current.revision === current.revision) clearDraft(saved.id);
      onSaved?.(saved);
    } catch (e) {
      if (isApiRequestError(e) && e.status === 409 && current.orderId !== null) {
        setStatus('idle');
        const fresh = await fetchOrder(current.orderId).catch(() => null);
        if (fresh && base.current !== null && orderSignature(fresh) === base.current) {
          // Only what this draft does not edit moved (a discount, a status note): save on top of it.
          storeOrder(client, fresh);
          setServerOrder(fresh);
          dispatch({ type: 'rebase', version: fresh.version });
        } else {
          setNotice(BUILDER_TEXT.conflict);
          await reload(current.orderId).catch(() => undefined);
        }
      } else if (isApiRequestError(e) && e.status === 400 && e.hasFieldErrors) {
        // Each refusal on its field (a line's quantity, a group's name, the order's name).
        const placed = placeFieldErrors(current, e.fields);
        dispatch({ type: 'refused', errors: placed });
        refusedRevision.current = current.revision;
        setNameError(placed.head.name?.join(' ') ?? null);
        setPoError(placed.head.po_number?.join(' ') ?? null);
        setCustomerError(placed.head.customer?.join(' ') ?? null);
        setStatus('error');
        setError(BUILDER_TEXT.saveRefused(placed.described.length));
        setErrorDetails(placed.described);
      } else {
        setStatus('error');
        setError(BUILDER_TEXT.saveFailed(e instanceof Error ? e.message : String(e)));
        setErrorDetails([]);
      }
    } finally {
      saving.current = false;
      // Changes made while saving go in the next save.
      window.setTimeout(() => {
        const latest = draftRef.current;
        if (latest.orderId !== null && isDirty(latest) && latest.revision !== refusedRevision.current) autosave.run();
      }, 0);
    }
  }
  const saveRef = useRef(save);
  saveRef.current = save;

  // Autosave an existing order after the last change; keep every unsaved draft on this device.
  const backup = useDebouncedCallback(() => writeDraft(draftRef.current), BACKUP_MS);
  useEffect(() => {
    if (draft.revision === 0 && draft.savedRevision === 0) return;
    if (isNew) {
      if (!created.current) backup.run();
      return;
    }
    if (isDirty(draft)) {
      backup.run();
      autosave.run();
    }
  }, [draft, isNew, autosave, backup]);

  // Leaving the page (in the app or closing the tab): keep the draft and send what is unsaved.
  useEffect(() => {
    const flush = () => {
      const current = draftRef.current;
      if (created.current && current.orderId === null) return;
      if (current.orderId === null ? current.revision > 0 : isDirty(current)) writeDraft(current);
      if (current.orderId !== null && isDirty(current) && !saving.current) void saveRef.current();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  // The order as another tab or person left it: taken when this tab has nothing unsaved.
  useEffect(() => {
    if (!order) return;
    setServerOrder((current) => (current && current.version > order.version ? current : order));
    const current = draftRef.current;
    if (current.orderId === order.id && current.version !== order.version && !isDirty(current) && !saving.current) {
      base.current = orderSignature(order);
      dispatch({ type: 'reset', draft: draftFromOrder(order) });
    }
  }, [order]);

  useEffect(() => {
    const id = draft.orderId;
    if (id === null) return;
    const onFocus = () => {
      if (document.visibilityState !== 'visible' || saving.current || isDirty(draftRef.current)) return;
      fetchOrder(id)
        .then((fresh) => {
          const current = draftRef.current;
          if (fresh.version === current.version || isDirty(current) || saving.current) return;
          storeOrder(client, fresh);
          setServerOrder(fresh);
          base.current = orderSignature(fresh);
          dispatch({ type: 'reset', draft: draftFromOrder(fresh) });
        })
        .catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [draft.orderId, client]);

  function addGroup() {
    const key = `g${Date.now().toString(36)}`;
    setNewGroupKey(key);
    dispatch({ type: 'addGroup', key });
  }
  // A removed group hands the focus to the group before it (else after it): its code field.
  const [focusCodeOf, setFocusCodeOf] = useState<string | null>(null);
  const removeGroup = useCallback((key: string) => {
    setFocusCodeOf(groupToFocusAfterRemoval(draftRef.current.groups, key));
    dispatch({ type: 'removeGroup', key });
  }, []);
  useEffect(() => {
    if (focusCodeOf === null) return;
    setFocusCodeOf(null);
    const card = groupCards().cards.find((c) => c.dataset.groupKey === focusCodeOf);
    card?.querySelector<HTMLInputElement>('[data-testid="add-code-input"]')?.focus();
  }, [focusCodeOf]);
  const addGroupRef = useRef(addGroup);
  addGroupRef.current = addGroup;

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
            error={Boolean(nameError)}
            helperText={nameError ?? undefined}
            onChange={(e) => {
              setNameError(null);
              dispatch({ type: 'setHead', field: 'name', value: e.target.value });
            }}
            slotProps={{ htmlInput: { 'data-testid': 'order-name', maxLength: 255 } }}
            sx={{ minWidth: { sm: 260 } }}
          />
          <TextField
            size="small"
            label={BUILDER_TEXT.poNumber}
            value={draft.po_number}
            error={Boolean(poError)}
            helperText={poError ?? undefined}
            onChange={(e) => {
              setPoError(null);
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
                  setCustomerError(null);
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
                error={Boolean(customerError)}
                helperText={customerError ?? undefined}
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
              onClick={() => void save()}
              disabled={status === 'saving'}
              data-testid="save-order"
            >
              {BUILDER_TEXT.save}
            </Button>
          </Stack>
        </Stack>
      </Paper>

      {notice && (
        <Alert severity="info" onClose={() => setNotice(null)} data-testid="builder-notice">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} data-testid="builder-error">
          {error}
          {errorDetails.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {errorDetails.map((d) => (
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
          autoFocusCode={group.key === newGroupKey || (i === focusGroup && newGroupKey === null)}
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
          <Stack spacing={0.5}>
            <Row label={BUILDER_TEXT.liveSubtotal} value={formatMoney(liveSubtotal)} testId="live-subtotal" />
            {serverOrder && (
              <>
                <Typography variant="overline" color="text.secondary">
                  {dirty ? BUILDER_TEXT.totalsAtLastSave : BUILDER_TEXT.saved}
                </Typography>
                <Row
                  label={BUILDER_TEXT.subtotal}
                  value={formatWireMoney(serverOrder.subtotal)}
                  testId="server-subtotal"
                />
                <Row
                  label={BUILDER_TEXT.discounts}
                  value={formatWireMoney(serverOrder.order_discount)}
                  testId="server-discounts"
                />
                <Row label={BUILDER_TEXT.surcharge} value={formatWireMoney(serverOrder.surcharge)} />
                <Row label={BUILDER_TEXT.salesTax} value={formatWireMoney(serverOrder.sales_tax_amount)} />
                <Row
                  label={BUILDER_TEXT.totalPrice}
                  value={formatWireMoney(serverOrder.total_price)}
                  testId="server-total"
                  strong
                />
              </>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Stack>
  );
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" sx={strong ? { fontWeight: 600 } : undefined}>
        {label}
      </Typography>
      <Typography variant="body2" sx={strong ? { fontWeight: 600 } : undefined} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
