import { ORDERS_WEB_TEXT, type Order, type Proposal, type ProposalCreate, PROPOSALS_WEB_TEXT as T } from '@cab/shared';

/** The make-a-proposal form's values and how they become the body (and its errors their fields). */
interface Extra {
  description: string;
  amount: string;
  taxable: boolean;
}

/** The form holds text; a group's markup and a line's price are keyed by the row's id (`g12`, `l340`). */
export interface MakeForm {
  client: { name: string; email: string; phone: string; address: string };
  markup_percent: string;
  groups: Record<string, string>;
  lines: Record<string, string>;
  extras: Extra[];
  tax_rate: string;
  valid_until: string;
  terms: string;
  notes: string;
}

/** Which group and line each entry of the body's lists came from, so an error lands on its field. */
export type Sent = { groups: string[]; lines: string[] };

const given = (value: string) => value.trim() !== '';
const optional = (value: string) => (given(value) ? value.trim() : undefined);

/**
 * The body: what is left empty is left out (the dealer's defaults fill it on the server). A draft's
 * edit (`editing`) sends its terms and notes as they stand, so a cleared one is cleared.
 */
export function bodyOf(v: MakeForm, sent: Sent, editing = false): ProposalCreate {
  const text = editing ? (value: string) => value.trim() : optional;
  sent.groups = Object.keys(v.groups).filter((k) => given(v.groups[k] ?? ''));
  sent.lines = Object.keys(v.lines).filter((k) => given(v.lines[k] ?? ''));
  return {
    client: {
      name: v.client.name.trim(),
      email: v.client.email.trim(),
      phone: v.client.phone,
      address: v.client.address,
    },
    markup_percent: optional(v.markup_percent),
    group_markups: sent.groups.map((k) => ({ group: Number(k.slice(1)), percent: (v.groups[k] ?? '').trim() })),
    line_overrides: sent.lines.map((k) => ({ line: Number(k.slice(1)), price: (v.lines[k] ?? '').trim() })),
    extra_lines: v.extras.map((e) => ({ description: e.description, amount: e.amount.trim(), taxable: e.taxable })),
    tax_rate: optional(v.tax_rate),
    valid_until: optional(v.valid_until),
    terms: text(v.terms),
    notes: text(v.notes),
  };
}

/** A body path's form field: a list entry back to the group, line or extra it came from. */
export function fieldOf(path: string, sent: Sent): string {
  const [list, index, rest] = path.split('.');
  const at = Number(index);
  if (list === 'group_markups') return sent.groups[at] ? `groups.${sent.groups[at]}` : 'root.server';
  if (list === 'line_overrides') return sent.lines[at] ? `lines.${sent.lines[at]}` : 'root.server';
  if (list === 'extra_lines' && rest) return `extras.${index}.${rest}`;
  return path || 'root.server';
}

/** The groups a markup may name and the lines a price may: an order's, or a draft's frozen lines. */
export interface Priced {
  groups: { id: number; name: string }[];
  lines: { id: number; label: string }[];
}

export const pricedOfOrder = (order: Order): Priced => ({
  groups: order.groups.map((g, i) => ({ id: g.id, name: ORDERS_WEB_TEXT.groupName(i, g.name) })),
  lines: order.groups.flatMap((g) =>
    g.items.map((i) => ({ id: i.id, label: T.linePrice(i.manufacturer_code, i.line_item_number) })),
  ),
});

export function pricedOfProposal(p: Proposal): Priced {
  const groups = new Map(p.lines.map((l) => [l.group, l.group_name]));
  return {
    groups: [...groups].map(([id, name]) => ({ id, name })),
    lines: p.lines.map((l, i) => ({ id: l.line, label: T.linePrice(l.code, i + 1) })),
  };
}

/** The form's first values: empty for a new proposal (the dealer's defaults fill it), a draft's own to edit. */
export function formOf(priced: Priced, p?: Proposal): MakeForm {
  const markups = new Map(p?.group_markups.map((m) => [m.group, m.percent]));
  const prices = new Map(p?.line_overrides.map((o) => [o.line, o.price]));
  return {
    client: p ? { ...p.client } : { name: '', email: '', phone: '', address: '' },
    markup_percent: p?.markup_percent ?? '',
    groups: Object.fromEntries(priced.groups.map((g) => [`g${g.id}`, markups.get(g.id) ?? ''])),
    lines: Object.fromEntries(priced.lines.map((l) => [`l${l.id}`, prices.get(l.id) ?? ''])),
    extras: p?.extra_lines.map((e) => ({ description: e.description, amount: e.amount, taxable: e.taxable })) ?? [],
    tax_rate: p?.tax_rate ?? '',
    valid_until: p?.valid_until ?? '',
    terms: p?.terms ?? '',
    notes: p?.notes ?? '',
  };
}
