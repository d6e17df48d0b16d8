import {
  cents,
  formatMoney,
  formatWireMoney,
  formatWirePercent,
  ORDER_IMPORT_AUDIT_ACTION,
  ORDER_STATUS_LABELS,
  ORDERS_WEB_TEXT,
  type OrderStatus,
  parseMoney,
  ORDER_TIMELINE_TEXT as W,
} from '@cab/shared';
import { formatDay } from '../list/day.ts';

// ---------------------------------------------------------------------------------------------
// The timeline in words (issue 15): "Submitted by Paula Price", "Custom discount set to $50.00".

type Values = Record<string, unknown>;
const isRecord = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);
const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Money as stored in an event: a wire string ("11668.77"), or cents (1166877) in older events. */
function money(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value)) return formatMoney(cents(value));
  if (typeof value === 'string') return formatWireMoney(value);
  return ORDERS_WEB_TEXT.noValue;
}

/** One field's value as a person reads it. */
function shown(field: string, value: unknown): string {
  if (!present(value)) return ORDERS_WEB_TEXT.noValue;
  if (W.moneyFields.includes(field)) return money(value);
  if (field === 'status') return ORDER_STATUS_LABELS[value as OrderStatus] ?? String(value);
  if (field === 'payment_method') return ORDERS_WEB_TEXT.paymentLabels[String(value)] ?? String(value);
  if (field === 'requested_date' || field === 'due_date') return formatDay(String(value)) || String(value);
  return typeof value === 'object' ? ORDERS_WEB_TEXT.noValue : String(value);
}

/** The custom discount as set: "$50.00" or "10 %"; null when none. */
function customDiscount(v: Values): string | null {
  if (present(v.custom_discount_percentage)) return formatWirePercent(String(v.custom_discount_percentage));
  if (present(v.custom_discount_amount)) {
    const amount = parseMoney(String(v.custom_discount_amount));
    return amount === null ? String(v.custom_discount_amount) : formatMoney(cents(Math.abs(amount)));
  }
  return null;
}

/** A 2020 import kept on the order (issue 29): its file and counts, then each line it dropped. */
function importLines(after: Values): string[] {
  const count = (v: unknown) => (typeof v === 'number' ? v : 0);
  const dropped = Array.isArray(after.dropped) ? (after.dropped as unknown[]).filter(isRecord) : [];
  return [
    W.importSummary(String(after.file ?? ''), count(after.imported), count(after.failed)),
    ...dropped.map((d) =>
      W.importDropped(count(d.line), String(d.code ?? ''), String(d.room ?? ''), String(d.reason ?? '')),
    ),
  ];
}

/**
 * The lines a 2020 import left out, in words, from the order's newest import event (newest-first
 * timeline), or null when it dropped none: shown on the order itself, not only on its Timeline.
 */
export function droppedImportLines(entries: readonly { action: string; after: unknown }[]): string[] | null {
  const event = entries.find((e) => e.action === ORDER_IMPORT_AUDIT_ACTION);
  const after = isRecord(event?.after) ? event.after : null;
  if (!after || !(typeof after.failed === 'number' && after.failed > 0)) return null;
  return importLines(after);
}

export interface EventInWords {
  title: string;
  lines: string[];
}

/**
 * An audit event of the order as a sentence and the changes a person cares about: named fields
 * only (no version, no ids), money as money, statuses by their labels.
 */
export function describeEvent(e: {
  action: string;
  actor: { full_name: string } | null;
  before: unknown;
  after: unknown;
}): EventInWords {
  const event = W.events[e.action] ?? e.action.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
  const title = W.title(event, e.actor?.full_name || W.system);
  const before = isRecord(e.before) ? e.before : {};
  const after = isRecord(e.after) ? e.after : {};
  const lines: string[] = [];

  if (e.action === 'update_custom_discount') {
    const value = customDiscount(after);
    if (value !== customDiscount(before)) lines.push(value ? W.customDiscountSet(value) : W.customDiscountRemoved);
  }
  if (present(after.discount_code) && after.discount_code !== before.discount_code) {
    lines.push(W.codeEntered(String(after.discount_code)));
  } else if (present(before.discount_code) && !present(after.discount_code)) {
    lines.push(W.codeRemoved(String(before.discount_code)));
  }
  if (typeof after.bypass_payment_option_discount === 'boolean') {
    lines.push(after.bypass_payment_option_discount ? W.bypassOn : W.bypassOff);
  }
  if (typeof after.changed_lines === 'number') lines.push(W.changedLines(after.changed_lines));
  if (typeof after.cloned_to === 'number') lines.push(W.copiedTo(after.cloned_to));
  if (typeof after.cloned_from === 'number') lines.push(W.copiedFrom(after.cloned_from));
  if (Array.isArray(after.supplement_documentation) && after.supplement_documentation.length) {
    lines.push(W.files(after.supplement_documentation.join(', ')));
  }
  if (e.action === ORDER_IMPORT_AUDIT_ACTION) lines.push(...importLines(after));

  for (const field of Object.keys(W.fields)) {
    const label = W.fields[field] as string;
    const a = after[field];
    const b = before[field];
    if (!(field in after) && !(field in before)) continue;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (W.moneyFields.includes(field) && money(a) === money(b)) continue;
    if (field === 'error_count' && !present(b) && a === 0) continue;
    lines.push(present(b) ? W.change(label, shown(field, b), shown(field, a)) : W.value(label, shown(field, a)));
  }
  return { title, lines };
}
