import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { dateParam, isoDay, listQuery, optionalParam, orderByParam } from '../http/list.ts';
import { MSG } from '../messages.ts';
import { parseMoney, parsePercent, parseTaxRate } from '../money.ts';
import { emailField, idField, intField, moneyField, requiredString, textField } from '../validation.ts';
import { PROPOSAL_TEXT } from './text.ts';

/**
 * Dealer proposals (issue 37, decision 0060). Money on the wire as decimal strings ("1234.50"),
 * a markup as a percentage string ("25.00", -100..1000), a tax rate as settings say it ("8.875").
 * `cost` is what the shop charges the dealer: it is never part of the public answer.
 */

export const PROPOSAL_STATUSES = ['DRAFT', 'SENT', 'VIEWED', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'WITHDRAWN'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** What the client may still answer (accept or decline). */
export const PROPOSAL_OPEN_STATUSES = ['SENT', 'VIEWED'] as const satisfies readonly ProposalStatus[];

/** What the dealer's settings do when the client accepts: submit the order, or leave it to the dealer. */
export const PROPOSAL_ACCEPT_ACTIONS = ['SUBMIT', 'LEAVE'] as const;

export const PROPOSAL_LIMITS = {
  /** Markup bounds in basis points: -100 % .. 1000 %. */
  markupMin: -10_000,
  markupMax: 100_000,
  name: 255,
  email: 254,
  phone: 40,
  address: 1000,
  description: 500,
  terms: 20_000,
  notes: 5000,
  note: 2000,
  groupMarkups: 50,
  lineOverrides: 2000,
  extraLines: 100,
  validityDays: 365,
  licence: 100,
  /** Public calls a minute per token (twice that per caller address). */
  publicPerMinute: 60,
} as const;

const wireMoney = z.string();
const wirePercent = z.string();

/** A markup percentage: -100..1000 with at most 2 decimals. */
const markupField = () =>
  z
    .union([z.string(), z.number()], { error: PROPOSAL_TEXT.percentInvalid })
    .refine((v) => parsePercent(v) !== null, { message: PROPOSAL_TEXT.percentInvalid, abort: true })
    .refine((v) => {
      const bp = parsePercent(v) ?? 0;
      return bp >= PROPOSAL_LIMITS.markupMin && bp <= PROPOSAL_LIMITS.markupMax;
    }, PROPOSAL_TEXT.markupRange);

/** A sales tax percentage: 0..100 with at most 3 decimals. */
const proposalTaxRateField = () =>
  z.union([z.string(), z.number()], { error: PROPOSAL_TEXT.taxRateRange }).refine((v) => {
    const rate = parseTaxRate(v);
    return rate !== null && rate <= 100_000;
  }, PROPOSAL_TEXT.taxRateRange);

/** An amount the dealer sets: money, not negative. */
const priceField = () => moneyField().refine((v) => (parseMoney(v) ?? 0) >= 0, PROPOSAL_TEXT.priceNotNegative);

const optionalText = (max: number) => textField(max).optional();

const proposalClientSchema = z.object({
  name: requiredString(PROPOSAL_LIMITS.name),
  email: emailField(),
  phone: optionalText(PROPOSAL_LIMITS.phone),
  address: optionalText(PROPOSAL_LIMITS.address),
});

const groupMarkupInput = z.object({ group: idField(), percent: markupField() });
const lineOverrideInput = z.object({ line: idField(), price: priceField() });
const extraLineInput = z.object({
  description: requiredString(PROPOSAL_LIMITS.description),
  amount: priceField(),
  taxable: z.boolean().default(true),
});

const proposalFields = {
  client: proposalClientSchema,
  /** Absent: the dealer's default markup. */
  markup_percent: markupField().optional(),
  /** A group's own markup (the order's group id): wins over markup_percent for its lines. */
  group_markups: z.array(groupMarkupInput).max(PROPOSAL_LIMITS.groupMarkups).optional(),
  /** A line's own unit price (the order line's id): wins over every markup. */
  line_overrides: z.array(lineOverrideInput).max(PROPOSAL_LIMITS.lineOverrides).optional(),
  /** The dealer's own lines (installation, delivery...). */
  extra_lines: z.array(extraLineInput).max(PROPOSAL_LIMITS.extraLines).optional(),
  /** Absent: the dealer's tax rate. */
  tax_rate: proposalTaxRateField().optional(),
  /** Absent: today + the dealer's validity days. */
  valid_until: isoDay(PROPOSAL_TEXT.dateInvalid).optional(),
  /** Absent: the dealer's default terms. */
  terms: optionalText(PROPOSAL_LIMITS.terms),
  notes: optionalText(PROPOSAL_LIMITS.notes),
};

/** POST /api/orders/{id}/proposals/ */
export const proposalCreateSchema = z.object(proposalFields);
export type ProposalCreate = z.infer<typeof proposalCreateSchema>;

/** PATCH /api/proposals/{id}/ (DRAFT only): names only what changes; a list given replaces the list. */
export const proposalPatchSchema = z.object({
  ...proposalFields,
  client: proposalClientSchema.optional(),
});
export type ProposalPatch = z.infer<typeof proposalPatchSchema>;

const proposalLineSchema = z.object({
  /** The order line's id (what line_overrides name). */
  line: z.number().int(),
  /** The order group's id (what group_markups name) and name. */
  group: z.number().int(),
  group_name: z.string(),
  code: z.string(),
  description: z.string(),
  qty: z.number().int(),
  /** The shop's unit price to the dealer, frozen when the proposal was made. */
  cost: wireMoney,
  /** The dealer's unit price. */
  price: wireMoney,
  /** price x qty. */
  total: wireMoney,
});

const extraLineSchema = z.object({ description: z.string(), amount: wireMoney, taxable: z.boolean() });
const refSchema = z.object({ id: z.number().int(), number: z.string() });

export const proposalSchema = z.object({
  id: z.number().int(),
  /** P-000001 */
  number: z.string(),
  /** The order, and its version when the proposal's lines were frozen. */
  order: z.object({ id: z.number().int(), name: z.string(), version: z.number().int() }),
  /** The order changed since the lines were frozen: accepting is refused; make a new version. */
  order_changed: z.boolean(),
  client: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
  markup_percent: wirePercent,
  group_markups: z.array(z.object({ group: z.number().int(), percent: wirePercent })),
  line_overrides: z.array(z.object({ line: z.number().int(), price: wireMoney })),
  lines: z.array(proposalLineSchema),
  extra_lines: z.array(extraLineSchema),
  subtotal: wireMoney,
  tax_rate: wirePercent,
  tax: wireMoney,
  total: wireMoney,
  cost_total: wireMoney,
  margin: wireMoney,
  /** margin / total before tax, as a percentage ("0.00" for a zero total). */
  margin_percent: wirePercent,
  status: z.enum(PROPOSAL_STATUSES),
  valid_until: z.string(),
  terms: z.string(),
  notes: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  /** When accepted, declined or withdrawn. */
  decided_at: z.string().nullable(),
  /** The client's acceptance: typed name, time, IP, user agent, sha256 of what was shown. */
  acceptance: z
    .object({ name: z.string(), at: z.string(), ip: z.string(), user_agent: z.string(), hash: z.string() })
    .nullable(),
  decline_note: z.string(),
  /** The proposal this one replaced (new version), and the one that replaced it. */
  previous: refSchema.nullable(),
  next: refSchema.nullable(),
  public_url: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;

// ---------------------------------------------------------------------------------------------
// Lists: GET /api/proposals/, GET /api/orders/{id}/proposals/

const PROPOSAL_ORDER_BY = ['id', 'number', 'created_at', 'sent_at', 'valid_until', 'total', 'status'] as const;

export const proposalListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  order_by: orderByParam(PROPOSAL_ORDER_BY),
  status: optionalParam(z.enum(PROPOSAL_STATUSES, { error: PROPOSAL_TEXT.statusInvalid })),
  /** The client's name or e-mail contains this (case-insensitive). */
  client: optionalParam(z.string().trim().max(PROPOSAL_LIMITS.name)),
  /** Made on or after / on or before this day (the shop's calendar). */
  date_after: dateParam(PROPOSAL_TEXT.dateInvalid),
  date_before: dateParam(PROPOSAL_TEXT.dateInvalid),
});
export type ProposalListQuery = z.infer<typeof proposalListQuerySchema>;

export const proposalRowSchema = proposalSchema
  .pick({
    id: true,
    number: true,
    order: true,
    order_changed: true,
    status: true,
    subtotal: true,
    total: true,
    margin: true,
    margin_percent: true,
    valid_until: true,
    created_at: true,
    sent_at: true,
    public_url: true,
  })
  .extend({ client: z.object({ name: z.string(), email: z.string() }) });
export type ProposalRow = z.infer<typeof proposalRowSchema>;

// ---------------------------------------------------------------------------------------------
// The homeowner's page: GET /api/public/proposals/{token}/ and its posts

export const publicProposalSchema = z.object({
  number: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  /** PROPOSAL_TEXT.pageState[status]. */
  status_message: z.string(),
  /** Accept and Decline are offered (SENT or VIEWED, not past valid_until, order unchanged). */
  can_respond: z.boolean(),
  dealer: z.object({
    display_name: z.string(),
    address: z.string(),
    phone: z.string(),
    licence_number: z.string(),
    /** The public logo image, or null when the dealer has none. */
    logo_url: z.string().nullable(),
  }),
  client: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
  lines: z.array(
    proposalLineSchema.pick({ group_name: true, code: true, description: true, qty: true, price: true, total: true }),
  ),
  extra_lines: z.array(extraLineSchema),
  subtotal: wireMoney,
  tax_rate: wirePercent,
  tax: wireMoney,
  total: wireMoney,
  valid_until: z.string(),
  terms: z.string(),
  notes: z.string(),
  /** The day it was sent. */
  date: z.string().nullable(),
  /** Who accepted and when, once accepted. */
  accepted: z.object({ name: z.string(), at: z.string() }).nullable(),
});
export type PublicProposal = z.infer<typeof publicProposalSchema>;

export const proposalAcceptSchema = z.object({
  /** The client's full name, as typed. */
  name: requiredString(PROPOSAL_LIMITS.name),
  accept_terms: z.literal(true, { error: PROPOSAL_TEXT.acceptTerms }),
});
export const proposalDeclineSchema = z.object({ note: textField(PROPOSAL_LIMITS.note).optional() }).optional();

// ---------------------------------------------------------------------------------------------
// Settings: the company's (manager) or a personal customer's own

export const proposalSettingsSchema = z.object({
  /** The logo image (dealer side), null when none. */
  logo_url: z.string().nullable(),
  display_name: z.string(),
  address: z.string(),
  phone: z.string(),
  licence_number: z.string(),
  default_markup_percent: wirePercent,
  default_terms: z.string(),
  tax_rate: wirePercent,
  validity_days: z.number().int(),
  accept_action: z.enum(PROPOSAL_ACCEPT_ACTIONS),
});
export type ProposalSettings = z.infer<typeof proposalSettingsSchema>;

export const proposalSettingsPatchSchema = z.object({
  display_name: optionalText(PROPOSAL_LIMITS.name),
  address: optionalText(PROPOSAL_LIMITS.address),
  phone: optionalText(PROPOSAL_LIMITS.phone),
  licence_number: optionalText(PROPOSAL_LIMITS.licence),
  default_markup_percent: markupField().optional(),
  default_terms: optionalText(PROPOSAL_LIMITS.terms),
  tax_rate: proposalTaxRateField().optional(),
  validity_days: intField({ min: 1, max: PROPOSAL_LIMITS.validityDays }).optional(),
  accept_action: z.enum(PROPOSAL_ACCEPT_ACTIONS, { error: MSG.required }).optional(),
  /** true removes the logo. */
  remove_logo: z.boolean().optional(),
});
export type ProposalSettingsPatch = z.infer<typeof proposalSettingsPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Report: GET /api/proposals/report/

export const proposalReportQuerySchema = z.object({
  /** Months whose first day is on or after / on or before these days (the shop's calendar). */
  date_after: dateParam(PROPOSAL_TEXT.dateInvalid),
  date_before: dateParam(PROPOSAL_TEXT.dateInvalid),
  format: optionalParam(z.enum(['json', 'csv'])),
});

/**
 * One month of proposals sent in it (decision 0060: counted by the month sent, so the rate is of
 * the same proposals): how many were viewed, accepted, declined; revenue and margin of the accepted.
 */
const proposalReportRowSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  sent: z.number().int(),
  viewed: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  /** accepted / sent as a percentage ("50.00"). */
  acceptance_rate: wirePercent,
  /** Totals (tax included) of the accepted. */
  revenue: wireMoney,
  margin: wireMoney,
});
export type ProposalReportRow = z.infer<typeof proposalReportRowSchema>;
export const proposalReportSchema = z.object({ results: z.array(proposalReportRowSchema) });
