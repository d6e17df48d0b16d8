import {
  accountsApi,
  catalogApi,
  type LineItem,
  type Order,
  ordersApi,
  PAGE_SIZE,
  type Premium,
  type PremiumKind,
} from '@cab/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../../lib/api.ts';
import { catalogKeys } from '../../catalog/index.ts';
import { type PremiumPrices, premiumPricesOf } from './pricing.ts';
import { createBody, type Draft, type GroupPremiumIds, updateBody } from './state.ts';

/** The builder's calls: the catalogue it prices and chooses from, the combination check and the save. */

const KINDS: readonly PremiumKind[] = ['wood_species', 'finish_option', 'door_style', 'drawer_style', 'finished_side'];

export interface PremiumCatalog {
  byKind: Record<PremiumKind, Premium[]>;
  byId: ReadonlyMap<number, Premium>;
  prices: PremiumPrices;
  loading: boolean;
}

const EMPTY: Premium[] = [];

/** Every premium of the five kinds (a few dozen in a real catalogue): the selector's options and the live prices. */
export function usePremiumCatalog(): PremiumCatalog {
  const results = useQueries({
    queries: KINDS.map((kind) => ({
      queryKey: [...catalogKeys.premiumOptions(kind), 'all'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(catalogApi.premiumList, {
          params: { kind },
          query: { page: 1, page_size: PAGE_SIZE.autocompleteAll, order_by: 'group_index,index,code' },
          signal,
        }),
      staleTime: 5 * 60_000,
    })),
  });
  const pages = results.map((r) => r.data);
  const loading = results.some((r) => r.isPending);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pages are the inputs; results is new each render
  return useMemo(() => {
    const byKind = Object.fromEntries(KINDS.map((k, i) => [k, pages[i]?.results ?? EMPTY])) as Record<
      PremiumKind,
      Premium[]
    >;
    const all = KINDS.flatMap((k) => byKind[k]);
    return { byKind, byId: new Map(all.map((p) => [p.id, p])), prices: premiumPricesOf(all), loading };
  }, [...pages, loading]);
}

/** Line items (or attachments) whose manufacturer code contains `text`, codes in order. */
export async function searchLineItems(
  text: string,
  options: { attachments: boolean; pageSize?: number },
  signal?: AbortSignal,
): Promise<LineItem[]> {
  const query = {
    page: 1,
    page_size: options.pageSize ?? PAGE_SIZE.lineItemSearch,
    order_by: 'manufacturer_code',
    ...(text.trim() ? { manufacturer_code: text.trim() } : {}),
  };
  const page = options.attachments
    ? await call(catalogApi.attachmentList, { query: { ...query, is_attachment: 'true' }, signal })
    : await call(catalogApi.itemList, { query: { ...query, is_attachment: 'false' }, signal });
  return page.results;
}

/** Codes found lately, by kind and code: a code keyed in again is added without a round trip. */
const FOUND_TTL_MS = 5 * 60_000;
const found = new Map<string, { item: LineItem; at: number }>();

/**
 * The line item whose code is exactly `code` (case-insensitive), if any. A code found in the last
 * five minutes (as the premium catalogue is kept) is answered from memory: keying in an order does
 * not wait on the server, however busy an autosave of a long order keeps it.
 */
export async function findByCode(code: string, attachments: boolean): Promise<LineItem | null> {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return null;
  const key = `${attachments ? 'a' : 'i'}:${wanted}`;
  const kept = found.get(key);
  if (kept && Date.now() - kept.at < FOUND_TTL_MS) return kept.item;
  const page = await searchLineItems(code, { attachments, pageSize: 50 });
  const now = Date.now();
  for (const item of page)
    found.set(`${attachments ? 'a' : 'i'}:${item.manufacturer_code.toUpperCase()}`, { item, at: now });
  return page.find((i) => i.manufacturer_code.toUpperCase() === wanted) ?? null;
}

/** POST /api/catalog/validate/: what is wrong with the group's wood species, finish and door styles. */
export function useCombinationErrors(premiums: GroupPremiumIds) {
  const doorStyles = [
    ...new Set(
      [premiums.base_door_style, premiums.wall_door_style, premiums.tall_door_style].filter(
        (id): id is number => id !== null,
      ),
    ),
  ].sort((a, b) => a - b);
  const body = { door_styles: doorStyles, wood_species: premiums.wood_species, finish_option: premiums.finish_option };
  const enabled = premiums.wood_species !== null && (doorStyles.length > 0 || premiums.finish_option !== null);
  return useQuery({
    queryKey: [...catalogKeys.all, 'validate', body],
    queryFn: () => checkCombination(body),
    enabled,
    staleTime: 60_000,
    select: (answer) => answer.errors,
  });
}

export function checkCombination(body: {
  door_styles: number[];
  wood_species: number | null;
  finish_option: number | null;
}) {
  return call(catalogApi.validate, { body, skipCommonHandling: true });
}

/** Customers an admin may build an order for. */
export async function searchCustomers(text: string, signal: AbortSignal) {
  const page = await call(accountsApi.customers, {
    query: { page: 1, page_size: PAGE_SIZE.autocomplete, ...(text.trim() ? { search: text.trim() } : {}) },
    signal,
  });
  return page.results;
}

/**
 * Saves the draft: the first save creates the order (POST /api/orders/), the next ones replace its
 * groups with the version they started from (PUT {id}/groups/; 409 when another tab saved first).
 * The caller shows every error itself (the builder's status line), so no popup.
 */
export function saveDraft(draft: Draft): Promise<Order> {
  if (draft.orderId === null) {
    return call(ordersApi.create, { body: createBody(draft), skipCommonHandling: true });
  }
  return call(ordersApi.replaceGroups, {
    params: { id: draft.orderId },
    body: updateBody(draft),
    skipCommonHandling: true,
  });
}

export function fetchOrder(id: number): Promise<Order> {
  return call(ordersApi.detail, { params: { id }, skipCommonHandling: true });
}
