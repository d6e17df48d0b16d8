import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { MSG } from '../messages.ts';
import { intField } from '../validation.ts';

/**
 * The list kit's wire half (docs/decisions/0008-list-kit.md): every list endpoint takes
 * `page`, `page_size` and `order_by` from `listQuery()` and answers `paged(item)`.
 */

/** Empty query values and empty lists count as absent (SPEC 5). */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional query parameter: '' and null are dropped before validation. */
export const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

/** The days a date may name: years 1900..2999, as `holidays`' year (a day past them overflows a query). */
const DATE_BOUNDS = { min: '1900-01-01', max: '2999-12-31' } as const;
/**
 * A calendar day as YYYY-MM-DD (`message` when it is not one) within `DATE_BOUNDS`: every date the
 * API takes, in a query or a body, is this one schema.
 */
export const isoDay = (message?: string) =>
  z.iso
    .date(message ? { error: message } : undefined)
    .refine((d) => d >= DATE_BOUNDS.min && d <= DATE_BOUNDS.max, MSG.dateRange);
/** An optional date filter (`date_after`, `date_before`, `as_of`...): '' is absent. */
export const dateParam = (message?: string) => optionalParam(isoDay(message));

const pageParam = () => intField({ min: 1, message: MSG.pageNumberInvalid });
const pageSizeParam = (max: number) => {
  const message = MSG.pageSizeAtMost(max);
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
};

/** "name,-price" -> [{ key: 'name', descending: false }, { key: 'price', descending: true }]. */
export function parseOrderBy(raw: string): { key: string; descending: boolean }[] {
  return raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (p.startsWith('-') ? { key: p.slice(1), descending: true } : { key: p, descending: false }));
}

/** order_by: comma-joined keys, a leading minus for descending (SPEC 7); only `keys` are accepted. */
export const orderByParam = (keys: readonly string[]) =>
  optionalParam(
    z
      .string()
      .max(200)
      .superRefine((raw, ctx) => {
        for (const { key } of parseOrderBy(raw)) {
          if (!keys.includes(key)) ctx.addIssue({ code: 'custom', message: MSG.orderByUnknown(key) });
        }
      }),
  );

const pageField = () => z.preprocess(emptyToUndefined, pageParam().default(1));
const pageSizeWithDefault = (max: number, size: number) =>
  z.preprocess(emptyToUndefined, pageSizeParam(max).default(size));
const pageSizeOptional = (max: number) => optionalParam(pageSizeParam(max));

/**
 * The paging part of a list query: `page` (default 1) and `page_size` (default `pageSize`, at most
 * `maxPageSize`, PAGE_SIZE.max unless said). Without `pageSize` the server picks the size (e.g.
 * selection mode). Spread it into the list's own query with `order_by: orderByParam(keys)`.
 */
export function listQuery(options: { pageSize: number; maxPageSize?: number }): {
  page: ReturnType<typeof pageField>;
  page_size: ReturnType<typeof pageSizeWithDefault>;
};
export function listQuery(options?: { maxPageSize?: number }): {
  page: ReturnType<typeof pageField>;
  page_size: ReturnType<typeof pageSizeOptional>;
};
export function listQuery(options: { pageSize?: number; maxPageSize?: number } = {}) {
  const max = options.maxPageSize ?? PAGE_SIZE.max;
  return {
    page: pageField(),
    page_size: options.pageSize === undefined ? pageSizeOptional(max) : pageSizeWithDefault(max, options.pageSize),
  };
}

/** One page of a list on the wire. */
export const paged = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item), total: z.number().int() });
export type Paged<T> = { results: T[]; total: number };

/** Builds the answer of a list endpoint from a repository page. */
export const toPaged = <R, T>(page: { rows: R[]; total: number }, map: (row: R) => T): Paged<T> => ({
  results: page.rows.map(map),
  total: page.total,
});

/** A query value given as `a,b` or `x=a&x=b`, as its parts (trimmed); none: undefined (absent). */
export const commaList = (v: unknown): string[] | undefined => {
  const parts = (Array.isArray(v) ? v : [v])
    .flatMap((s) => (typeof s === 'string' ? s.split(',') : []))
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.length ? parts : undefined;
};

/** A list filter of known values: `status=A,B` or `status=A&status=B` (empty: absent). */
export const enumListParam = <const V extends readonly [string, ...string[]]>(values: V, message: string) =>
  z.preprocess(commaList, z.array(z.enum(values, { error: message })).optional());
