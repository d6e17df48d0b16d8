import { type Executor, schema } from '@cab/db';
import { ERROR_CODES, MSG, tagDisplay } from '@cab/shared';
import { type AnyColumn, and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { AppError, badRequest, fieldError } from '../../http/errors.ts';

const { tags } = schema;

/** Escapes LIKE wildcards so user text matches literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface Paging {
  limit: number;
  offset: number;
}

export function paging(query: { page?: number; page_size?: number }, defaultSize: number): Paging {
  const size = query.page_size ?? defaultSize;
  return { limit: size, offset: ((query.page ?? 1) - 1) * size };
}

/**
 * order_by: comma-joined keys, a leading minus for descending (SPEC 7). Only the keys listed are
 * accepted; id is always the last tie-breaker so pages never overlap.
 */
export function orderBy(
  raw: string | undefined,
  keys: Record<string, AnyColumn | SQL>,
  fallback: string,
  idCol: AnyColumn,
) {
  const parts = (raw ?? fallback)
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const out: SQL[] = [];
  let hasId = false;
  for (const part of parts.length ? parts : [fallback]) {
    const descending = part.startsWith('-');
    const key = descending ? part.slice(1) : part;
    const col = keys[key];
    if (!col) throw fieldError(ERROR_CODES.validation, 'order_by', MSG.orderByUnknown(key));
    if (key === 'id') hasId = true;
    out.push(descending ? desc(col) : asc(col));
  }
  if (!hasId) out.push(desc(idCol));
  return out;
}

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

/** Turns a filter value that may be a number, "1,2" or a list into ids. */
export function idList(value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const list = (Array.isArray(value) ? value : [value])
    .flatMap((v) => (typeof v === 'object' && v && 'id' in v ? [(v as { id: unknown }).id] : String(v).split(',')))
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);
  return list.length ? list : undefined;
}

export const textFilter = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export const deleted = (what: string) => ({ detail: MSG.deleted(what) });

/** 400 with `fields` (messages shown on the form's fields). */
export function fieldErrors(fields: Record<string, string[]>): AppError {
  const first = Object.values(fields)[0]?.[0];
  return badRequest(ERROR_CODES.validation, first ?? MSG.validationFailed, fields);
}

export const methodNotAllowed = (message: string) => new AppError(405, 'method_not_allowed', message);

/** PostgreSQL unique violation (both drivers expose the SQLSTATE as `code`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

// ---------------------------------------------------------------------------------------------
// Tags: the core tags table (name, value); premiums and line items link to it.

export type TagRef = { name: string; value?: string | null };
const tagKey = (t: TagRef) => `${t.name}\u0000${t.value ?? ''}`;

/** Ids of the given tags, creating the missing ones. `cache` lets a CSV import resolve each tag once. */
export async function resolveTags(db: Executor, refs: TagRef[], cache?: Map<string, number>): Promise<number[]> {
  const ids: number[] = [];
  for (const ref of refs) {
    const key = tagKey(ref);
    const cached = cache?.get(key);
    if (cached) {
      ids.push(cached);
      continue;
    }
    const value = ref.value ?? null;
    const where = and(eq(tags.name, ref.name), value === null ? isNull(tags.value) : eq(tags.value, value));
    let [row] = await db.select({ id: tags.id }).from(tags).where(where).limit(1);
    if (!row) {
      [row] = await db.insert(tags).values({ name: ref.name, value }).onConflictDoNothing().returning({ id: tags.id });
      if (!row) [row] = await db.select({ id: tags.id }).from(tags).where(where).limit(1);
    }
    cache?.set(key, row!.id);
    ids.push(row!.id);
  }
  return [...new Set(ids)];
}

export async function tagsByOwner(
  db: Executor,
  link: typeof schema.premiumTags | typeof schema.lineItemTags,
  ownerCol: AnyColumn,
  ownerIds: number[],
) {
  const byOwner = new Map<number, { id: number; name: string; value: string | null; display: string }[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await db
    .select({ owner: sql<number>`${ownerCol}`, id: tags.id, name: tags.name, value: tags.value })
    .from(link)
    .innerJoin(tags, eq(tags.id, link.tagId))
    .where(inArray(ownerCol, ownerIds))
    .orderBy(tags.name, tags.value);
  for (const r of rows) {
    const list = byOwner.get(r.owner) ?? [];
    list.push({ id: r.id, name: r.name, value: r.value, display: tagDisplay(r) });
    byOwner.set(r.owner, list);
  }
  return byOwner;
}

/** "new; lead:2w" <-> [{ name: 'new' }, { name: 'lead', value: '2w' }] (CSV cells). */
export function parseTagCell(cell: string): TagRef[] {
  return cell
    .split(';')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => {
      const at = t.indexOf(':');
      return at < 0 ? { name: t } : { name: t.slice(0, at).trim(), value: t.slice(at + 1).trim() || null };
    });
}
export const tagCell = (list: { display: string }[]) => list.map((t) => t.display).join('; ');
