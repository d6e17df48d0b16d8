import { ORDERS_WEB_TEXT } from '@cab/shared';

/** One field an audit event changed, as the order's timeline shows it. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ORDERS_WEB_TEXT.noValue
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * What an audit event changed, field by field: the keys of before and after whose values differ
 * (a created thing has only after, a deleted one only before). A value that is not an object is
 * shown as one change named `value`.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(before) && !isRecord(after)) {
    return before === after ? [] : [{ field: 'value', before: text(before), after: text(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: k, before: text(b[k]), after: text(a[k]) }));
}
