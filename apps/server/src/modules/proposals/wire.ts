import { createHash } from 'node:crypto';
import {
  basisPoints,
  cents,
  isoOrNull,
  PROPOSAL_OPEN_STATUSES,
  PROPOSAL_PUBLIC_PATH,
  PROPOSAL_TEXT,
  type Proposal,
  type ProposalRow as ProposalListRow,
  type ProposalSettings,
  type ProposalStatus,
  type PublicProposal,
  shareOf,
  type TaxRate,
  taxRateToWire,
  toWire,
} from '@cab/shared';
import type { Config } from '../../config.ts';
import { type PricedProposal, priceProposal } from './pricing.ts';
import type { ProposalReading, ProposalRow, SettingsRow } from './repository.ts';

/** Proposals on the wire (issue 37): money as decimal strings, percentages as "25.00", tax as "8.875". */

export const proposalNumber = (id: number) => `P-${String(id).padStart(6, '0')}`;
export const publicUrlOf = (config: Config, token: string) => `${config.publicUrl}${PROPOSAL_PUBLIC_PATH}/${token}`;

/** "2027-01-15" -> "01/15/2027" (SPEC 1's en-US day), on the paper and in the e-mails. */
export const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** SENT or VIEWED past valid_until reads EXPIRED, before the daily job writes it. */
export function statusOf(p: Pick<ProposalRow, 'status' | 'validUntil'>, today: string): ProposalStatus {
  const open = (PROPOSAL_OPEN_STATUSES as readonly string[]).includes(p.status);
  return open && p.validUntil < today ? 'EXPIRED' : p.status;
}

export const pricedOf = (p: ProposalRow): PricedProposal =>
  priceProposal(p.lines, {
    markup: p.markup,
    groupMarkups: p.groupMarkups,
    lineOverrides: p.lineOverrides,
    extraLines: p.extraLines,
    taxRate: p.taxRate,
  });

const money = (n: number) => toWire(cents(n));
const percent = (n: number) => toWire(basisPoints(n));
const ref = (id: number | null) => (id === null ? null : { id, number: proposalNumber(id) });
const clientOf = (p: ProposalRow) => ({
  name: p.client.name,
  email: p.client.email,
  phone: p.client.phone ?? '',
  address: p.client.address ?? '',
});

export function toWireRow(r: ProposalReading, config: Config, today: string): ProposalListRow {
  const { p } = r;
  const margin = p.subtotal - p.costTotal;
  return {
    id: p.id,
    number: proposalNumber(p.id),
    order: { id: p.orderId, name: r.orderName, version: p.orderVersion },
    order_changed: r.orderVersion !== p.orderVersion,
    client: { name: p.client.name, email: p.client.email },
    status: statusOf(p, today),
    subtotal: money(p.subtotal),
    total: money(p.total),
    margin: money(margin),
    margin_percent: toWire(shareOf(margin, p.subtotal)),
    valid_until: p.validUntil,
    created_at: p.createdAt.toISOString(),
    sent_at: isoOrNull(p.sentAt),
    public_url: publicUrlOf(config, p.token),
  };
}

export function toWireProposal(r: ProposalReading, config: Config, today: string, next: number | null): Proposal {
  const { p } = r;
  const priced = pricedOf(p);
  return {
    ...toWireRow(r, config, today),
    client: clientOf(p),
    markup_percent: percent(p.markup),
    group_markups: p.groupMarkups.map((g) => ({ group: g.group, percent: percent(g.percent) })),
    line_overrides: p.lineOverrides.map((o) => ({ line: o.line, price: money(o.price) })),
    lines: priced.lines.map((l) => ({
      line: l.line,
      group: l.group,
      group_name: l.groupName,
      code: l.code,
      description: l.description,
      qty: l.qty,
      cost: money(l.cost),
      price: money(l.price),
      total: money(l.total),
    })),
    extra_lines: p.extraLines.map((e) => ({ description: e.description, amount: money(e.amount), taxable: e.taxable })),
    tax_rate: taxRateToWire(p.taxRate as TaxRate),
    tax: money(priced.tax),
    cost_total: money(priced.costTotal),
    margin: money(priced.margin),
    margin_percent: percent(priced.marginPercent),
    terms: p.terms,
    notes: p.notes,
    viewed_at: isoOrNull(p.viewedAt),
    decided_at: isoOrNull(p.decidedAt),
    acceptance:
      p.acceptedName !== null && p.decidedAt
        ? {
            name: p.acceptedName,
            at: p.decidedAt.toISOString(),
            ip: p.acceptedIp ?? '',
            user_agent: p.acceptedUserAgent ?? '',
            hash: p.acceptedHash ?? '',
          }
        : null,
    decline_note: p.declineNote,
    previous: ref(p.previousId),
    next: ref(next),
  };
}

/** What the client may answer now (the order unchanged since the lines were frozen, still a bid). */
export const canRespond = (r: ProposalReading, status: ProposalStatus) =>
  (PROPOSAL_OPEN_STATUSES as readonly string[]).includes(status) &&
  r.orderVersion === r.p.orderVersion &&
  r.orderStatus === 'BID';

/** The dealer as the client sees it: the settings' names, never the shop's. */
export interface DealerFace {
  /** With the public logo's address as logo_url. */
  settings: ProposalSettings;
  /** The company's or the personal customer's name when no display name is set. */
  fallbackName: string;
}

/** The homeowner's answer: prices, never cost, margin or anything of the shop. */
export function toPublicProposal(r: ProposalReading, dealer: DealerFace, today: string) {
  const { p } = r;
  const status = statusOf(p, today);
  const priced = pricedOf(p);
  const s = dealer.settings;
  const answer: PublicProposal = {
    number: proposalNumber(p.id),
    status,
    status_message: PROPOSAL_TEXT.pageState[status],
    can_respond: canRespond(r, status),
    dealer: {
      display_name: s.display_name || dealer.fallbackName,
      address: s.address,
      phone: s.phone,
      licence_number: s.licence_number,
      logo_url: s.logo_url,
    },
    client: clientOf(p),
    lines: priced.lines.map((l) => ({
      group_name: l.groupName,
      code: l.code,
      description: l.description,
      qty: l.qty,
      price: money(l.price),
      total: money(l.total),
    })),
    extra_lines: p.extraLines.map((e) => ({ description: e.description, amount: money(e.amount), taxable: e.taxable })),
    subtotal: money(priced.subtotal),
    tax_rate: taxRateToWire(p.taxRate as TaxRate),
    tax: money(priced.tax),
    total: money(priced.total),
    valid_until: p.validUntil,
    terms: p.terms,
    notes: p.notes,
    date: p.sentAt ? p.sentAt.toISOString() : null,
    accepted:
      p.status === 'ACCEPTED' && p.acceptedName !== null && p.decidedAt
        ? { name: p.acceptedName, at: p.decidedAt.toISOString() }
        : null,
  };
  return answer;
}

/** JSON with every object's keys sorted: one text for one content, whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * sha256 of what the client was shown: the public answer without its state (status, message,
 * whether it can be answered, the acceptance), which an accept itself changes.
 */
export function shownHash(answer: PublicProposal): string {
  const { status: _s, status_message: _m, can_respond: _c, accepted: _a, ...offer } = answer;
  return createHash('sha256').update(canonicalJson(offer)).digest('hex');
}

/** The settings as answered: defaults until the dealer saves them. */
/** The settings' own fields (a saved row, or the defaults of one never saved). */
export type SettingsValues = Omit<SettingsRow, 'id' | 'companyId' | 'userId' | 'updatedAt'>;

export function toWireSettings(row: SettingsValues | null, logoUrl: string | null): ProposalSettings {
  return {
    logo_url: row?.logoPath ? logoUrl : null,
    display_name: row?.displayName ?? '',
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    licence_number: row?.licenceNumber ?? '',
    default_markup_percent: percent(row?.defaultMarkup ?? 0),
    default_terms: row?.defaultTerms ?? '',
    tax_rate: taxRateToWire((row?.taxRate ?? 0) as TaxRate),
    validity_days: row?.validityDays ?? 30,
    accept_action: row?.acceptAction ?? 'LEAVE',
  };
}
