import { PROPOSAL_ACCEPT_ACTIONS, PROPOSAL_STATUSES } from '@cab/shared';
import { type AnyPgColumn, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, userRef } from './accounts.ts';
import { cents, createdAt, id, parentRef, timestamptz, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

/**
 * Dealer proposals (issue 37, decision 0060), owned by modules/proposals. A proposal freezes its
 * order's priced lines as the dealer's cost (`lines`) and keeps the dealer's markups; its totals are
 * stored for the lists and the report. Its number is P- and its id (the id's sequence numbers it).
 */
export interface ProposalLineRow {
  line: number;
  group: number;
  groupName: string;
  code: string;
  description: string;
  qty: number;
  /** The shop's unit price to the dealer, in cents. */
  cost: number;
}
export interface ProposalExtraRow {
  description: string;
  amount: number;
  taxable: boolean;
}
export interface ProposalClientRow {
  name: string;
  email: string;
  phone: string;
  address: string;
}

export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    orderId: parentRef('order_id', () => orders.id, 'cascade'),
    /** The order's customer and company when made: whose proposal it is (the orders' reach). */
    customerId: integer('customer_id').notNull(),
    companyId: integer('company_id'),
    createdById: userRef('created_by_id', 'set null'),
    /** The public page's key (/p/{token}): 32 random bytes, base64url. */
    token: text('token').notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('DRAFT'),
    client: jsonb('client').$type<ProposalClientRow>().notNull(),
    /** Basis points (25 % = 2500). */
    markup: integer('markup').notNull(),
    groupMarkups: jsonb('group_markups').$type<{ group: number; percent: number }[]>().notNull().default([]),
    lineOverrides: jsonb('line_overrides').$type<{ line: number; price: number }[]>().notNull().default([]),
    extraLines: jsonb('extra_lines').$type<ProposalExtraRow[]>().notNull().default([]),
    lines: jsonb('lines').$type<ProposalLineRow[]>().notNull().default([]),
    /** Thousandths of a percent (8.875 % = 8875). */
    taxRate: integer('tax_rate').notNull(),
    validUntil: date('valid_until').notNull(),
    terms: text('terms').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The order's version when its lines were frozen. */
    orderVersion: integer('order_version').notNull(),
    subtotal: cents('subtotal').notNull(),
    tax: cents('tax').notNull(),
    total: cents('total').notNull(),
    costTotal: cents('cost_total').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamptz('sent_at'),
    viewedAt: timestamptz('viewed_at'),
    decidedAt: timestamptz('decided_at'),
    acceptedName: text('accepted_name'),
    acceptedIp: text('accepted_ip'),
    acceptedUserAgent: text('accepted_user_agent'),
    /** sha256 (hex) of the public answer's canonical JSON the client accepted. */
    acceptedHash: text('accepted_hash'),
    declineNote: text('decline_note').notNull().default(''),
    /** The proposal this one replaced (new version). */
    previousId: integer('previous_id').references((): AnyPgColumn => proposals.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('proposals_token_key').on(t.token),
    index('proposals_order_idx').on(t.orderId, t.id),
    index('proposals_customer_idx').on(t.customerId, t.id),
    index('proposals_company_idx').on(t.companyId, t.id),
    index('proposals_status_idx').on(t.status, t.validUntil),
  ],
);

/** A dealer's proposal settings: a company's (company_id) or a personal customer's own (user_id). */
export const proposalSettings = pgTable(
  'proposal_settings',
  {
    id: id(),
    companyId: companyRef('company_id', 'cascade'),
    userId: userRef('user_id', 'cascade'),
    displayName: text('display_name').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    licenceNumber: text('licence_number').notNull().default(''),
    /** Basis points. */
    defaultMarkup: integer('default_markup').notNull().default(0),
    defaultTerms: text('default_terms').notNull().default(''),
    /** Thousandths of a percent. */
    taxRate: integer('tax_rate').notNull().default(0),
    validityDays: integer('validity_days').notNull().default(30),
    acceptAction: text('accept_action', { enum: PROPOSAL_ACCEPT_ACTIONS }).notNull().default('LEAVE'),
    /** The logo's storage key and content type; null when none. */
    logoPath: text('logo_path'),
    logoType: text('logo_type'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('proposal_settings_company_key').on(t.companyId),
    uniqueIndex('proposal_settings_user_key').on(t.userId),
  ],
);
