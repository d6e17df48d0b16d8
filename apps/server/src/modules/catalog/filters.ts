import { ERROR_CODES, MSG } from '@cab/shared';
import { fieldError } from '../../kit/errors.ts';

/**
 * The catalogue lists' own filter rules (SPEC 5), on top of the list kit's page and order_by:
 * id / id[] with `multiple`, the `filters` JSON object, and id lists in several spellings.
 */

/**
 * id / id[] with the multiple rule (SPEC 5): one id when multiple is not true; several ids only
 * with multiple=true. Returns undefined when no id was asked for.
 */
export function requestedIds(query: { id?: number[]; 'id[]'?: number[]; multiple?: boolean }): number[] | undefined {
  const ids = [...new Set([...(query.id ?? []), ...(query['id[]'] ?? [])])];
  if (ids.length === 0) return undefined;
  if (ids.length > 1 && query.multiple !== true) {
    throw fieldError(ERROR_CODES.validation, 'id', MSG.multipleIdsNeedMultiple);
  }
  return ids;
}

/** id and id[] together, without the multiple rule (lists that never had it). */
export function anyIds(query: { id?: number[]; 'id[]'?: number[] }): number[] | undefined {
  const ids = [...(query.id ?? []), ...(query['id[]'] ?? [])];
  return ids.length ? ids : undefined;
}

/** `filters` is a JSON object; its non-empty values fill keys the query did not set. */
export function mergeFilters<Q extends Record<string, unknown>>(query: Q & { filters?: string }): Q {
  if (!query.filters) return query;
  let parsed: unknown;
  try {
    parsed = JSON.parse(query.filters);
  } catch {
    throw fieldError(ERROR_CODES.validation, 'filters', MSG.filtersInvalid);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw fieldError(ERROR_CODES.validation, 'filters', MSG.filtersInvalid);
  }
  const merged: Record<string, unknown> = { ...query };
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (value === '' || value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (merged[key] === undefined) merged[key] = value;
  }
  return merged as Q;
}

/** Turns a filter value that may be a number, "1,2", a list or a list of { id } into ids. */
export function idList(value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const list = (Array.isArray(value) ? value : [value])
    .flatMap((v) => (typeof v === 'object' && v && 'id' in v ? [(v as { id: unknown }).id] : String(v).split(',')))
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);
  return list.length ? list : undefined;
}

/** A text filter: trimmed, and absent when blank. */
export const textFilter = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A numeric filter that may arrive as a string through `filters`. */
export const idFilter = (value: unknown): number | undefined => (value ? Number(value) : undefined);
