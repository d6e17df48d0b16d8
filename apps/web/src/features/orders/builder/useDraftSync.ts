import { BUILDER_TEXT, MSG, ORDER_TEXT, type Order } from '@cab/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedCallback } from '../../../components/useDebounced.ts';
import { isApiRequestError } from '../../../lib/api.ts';
import { storeOrder } from '../api.ts';
import { fetchOrder, saveDraft } from './api.ts';
import {
  type Draft,
  type DraftAction,
  draftFromOrder,
  draftReducer,
  isDirty,
  newDraft,
  orderSignature,
  placeFieldErrors,
} from './state.ts';
import { clearDraft, readDraft, writeDraft } from './storage.ts';

/** Autosave this long after the last change (an existing order)... */
const AUTOSAVE_MS = 1500;
/**
 * ...and for a long order (LONG_ORDER lines or more) twice as long as the last save took, up to
 * AUTOSAVE_MAX_MS: a save costs the browser and the server in proportion to the order's lines, so
 * a long order on a busy machine is not saved again and again while it is keyed in (each save
 * slowing the keys, each slow key letting the next save in).
 */
const LONG_ORDER = 100;
const AUTOSAVE_MAX_MS = 8000;
/**
 * The device backup is written this long after the last change, when the page is idle: a long
 * order's draft is one JSON write per pause, never one per key (leaving the page writes it at once).
 */
const BACKUP_MS = 1000;

/** Runs `fn` when the browser has nothing else to do (soon at the latest). */
function whenIdle(fn: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: 2000 });
  else window.setTimeout(fn, 0);
}

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

type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** The head fields a save may refuse, each shown on its field. */
interface HeadErrors {
  name: string | null;
  po_number: string | null;
  customer: string | null;
}
const NO_HEAD_ERRORS: HeadErrors = { name: null, po_number: null, customer: null };

export interface DraftSync {
  draft: Draft;
  dispatch: Dispatch<DraftAction>;
  /** The latest draft, for handlers that must not re-render with it. */
  draftRef: { readonly current: Draft };
  status: SaveStatus;
  /** The order as the server last answered it (the totals at the last save). */
  serverOrder: Order | undefined;
  error: string | null;
  /** A refused save: where each field error is, in words (the fields themselves are marked too). */
  errorDetails: readonly string[];
  clearError: () => void;
  notice: string | null;
  clearNotice: () => void;
  headErrors: HeadErrors;
  clearHeadError: (field: keyof HeadErrors) => void;
  /** Saves now (Ctrl+S, the Save button); autosave calls it too. */
  save: () => Promise<void>;
}

/**
 * The builder's draft and its way to the server: the first save creates the order (and moves the
 * page to /orders/{id}), later changes are autosaved with the version they started from; a 409 over
 * the same groups is rebased, any other is reloaded with a notice; a refusal goes on its fields. Every
 * unsaved draft is kept on this device until the server has it, and the order as another tab or
 * person left it is taken when this tab has nothing unsaved.
 */
export function useDraftSync({
  order,
  isAdmin,
  onSaved,
  focusedGroup,
}: {
  order: Order | undefined;
  isAdmin: boolean;
  onSaved?: (order: Order) => void;
  /** The group holding the focus when the first save moves the page (kept there). */
  focusedGroup: () => number;
}): DraftSync {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [init] = useState(() => initialDraft(order));
  const [draft, dispatch] = useReducer(draftReducer, init.draft);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [errorDetails, setErrorDetails] = useState<readonly string[]>([]);
  const [notice, setNotice] = useState<string | null>(init.restored ? BUILDER_TEXT.restoredDraft : null);
  const [headErrors, setHeadErrors] = useState<HeadErrors>(NO_HEAD_ERRORS);
  const [serverOrder, setServerOrder] = useState<Order | undefined>(order);

  /** What the server had when this draft last matched it: a 409 over the same groups is rebased, not reloaded. */
  const base = useRef<string | null>(order ? orderSignature(order) : null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const saving = useRef(false);
  /** The revision the server refused on its fields: not sent again until something changes (or Ctrl+S). */
  const refusedRevision = useRef<number | null>(null);
  /** The new draft became an order: nothing of it is kept as a new draft any more. */
  const created = useRef(false);
  const isNew = draft.orderId === null;

  /** The server's order is the draft now. */
  const take = useCallback(
    (fresh: Order) => {
      storeOrder(client, fresh);
      setServerOrder(fresh);
      base.current = orderSignature(fresh);
      dispatch({ type: 'reset', draft: draftFromOrder(fresh) });
    },
    [client],
  );

  /** How long the last save took (ms). */
  const lastSaveMs = useRef(0);
  const autosave = useDebouncedCallback(
    () => {
      if (draftRef.current.revision !== refusedRevision.current) void saveRef.current();
    },
    draft.groups.reduce((n, g) => n + g.items.length, 0) < LONG_ORDER
      ? AUTOSAVE_MS
      : Math.min(AUTOSAVE_MAX_MS, Math.max(AUTOSAVE_MS, 2 * lastSaveMs.current)),
  );

  async function save(): Promise<void> {
    const current = draftRef.current;
    if (saving.current) return;
    if (current.orderId !== null && !isDirty(current)) return;
    if (current.orderId === null) {
      const noName = current.name.trim() === '';
      const noCustomer = isAdmin && current.customer === null;
      setHeadErrors((e) => ({
        ...e,
        name: noName ? MSG.required : null,
        customer: noCustomer ? ORDER_TEXT.customerRequired : null,
      }));
      if (noName || noCustomer) return;
    }
    saving.current = true;
    autosave.cancel();
    setStatus('saving');
    const startedAt = performance.now();
    try {
      const saved = await saveDraft(current);
      lastSaveMs.current = performance.now() - startedAt;
      dispatch({ type: 'saved', revision: current.revision, order: saved });
      base.current = orderSignature(saved);
      storeOrder(client, saved);
      setServerOrder(saved);
      setStatus('saved');
      setError(null);
      setErrorDetails([]);
      setHeadErrors((e) => ({ ...e, po_number: null }));
      refusedRevision.current = null;
      setNotice(null);
      if (current.orderId === null) {
        created.current = true;
        clearDraft(null);
        onSaved?.(saved);
        // The same page (and this builder) shows /orders/{id}: the focus and any keys typed meanwhile stay.
        navigate(`/orders/${saved.id}`, { state: { focusGroup: focusedGroup() } });
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
          const id = current.orderId;
          await fetchOrder(id)
            .then((reloaded) => {
              clearDraft(id);
              take(reloaded);
            })
            .catch(() => undefined);
        }
      } else if (isApiRequestError(e) && e.status === 400 && e.hasFieldErrors) {
        // Each refusal on its field (a line's quantity, a group's name, the order's name).
        const placed = placeFieldErrors(current, e.fields);
        dispatch({ type: 'refused', errors: placed });
        refusedRevision.current = current.revision;
        setHeadErrors({
          name: placed.head.name?.join(' ') ?? null,
          po_number: placed.head.po_number?.join(' ') ?? null,
          customer: placed.head.customer?.join(' ') ?? null,
        });
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
  const backup = useDebouncedCallback(
    () =>
      whenIdle(() => {
        const current = draftRef.current;
        if (current.orderId === null ? !created.current : isDirty(current)) writeDraft(current);
      }),
    BACKUP_MS,
  );
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
      backup.cancel();
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
  }, [backup]);

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

  // Back to this tab: the order as the server has it now, when nothing here is unsaved.
  useEffect(() => {
    const id = draft.orderId;
    if (id === null) return;
    const onFocus = () => {
      if (document.visibilityState !== 'visible' || saving.current || isDirty(draftRef.current)) return;
      fetchOrder(id)
        .then((fresh) => {
          const current = draftRef.current;
          if (fresh.version === current.version || isDirty(current) || saving.current) return;
          take(fresh);
        })
        .catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [draft.orderId, take]);

  return {
    draft,
    dispatch,
    draftRef,
    status,
    serverOrder,
    error,
    errorDetails,
    clearError: useCallback(() => setError(null), []),
    notice,
    clearNotice: useCallback(() => setNotice(null), []),
    headErrors,
    clearHeadError: useCallback((field: keyof HeadErrors) => setHeadErrors((e) => ({ ...e, [field]: null })), []),
    save: useCallback(() => saveRef.current(), []),
  };
}
