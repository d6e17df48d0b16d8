import type { Cents } from '@cab/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';

/** A column naming a user (a foreign key to users.id), with what happens to it when the user goes. */
export const userRef = (name: string, onDelete?: 'set null' | 'cascade' | 'no action') =>
  integer(name).references(() => users.id, onDelete ? { onDelete } : {});

/** A column naming a company (a foreign key to companies.id): the company a row was made for. */
export const companyRef = (name: string, onDelete?: 'cascade') =>
  integer(name).references(() => companies.id, onDelete ? { onDelete } : {});

/** A business account (account type B): its users are its managers and employees. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    /** Set by an admin only: no sales tax on this company's orders (DOMAIN.md pricing step 6). */
    taxExempt: boolean('tax_exempt').notNull().default(false),
    notes: text('notes').notNull().default(''),
    /**
     * When an employee's submit waits for a manager (issue 30): NONE (SPEC's behaviour), OVER_LIMIT
     * (the order's total above the employee's spending limit) or ALWAYS.
     */
    approvalRequired: text('approval_required', { enum: ['NONE', 'OVER_LIMIT', 'ALWAYS'] })
      .notNull()
      .default('NONE'),
    createdAt: createdAt(),
  },
  (t) => [index('companies_name_idx').on(t.name)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** 'P' personal, 'B' business, null for staff and admins. */
    accountType: text('account_type', { enum: ['P', 'B'] }),
    isStaff: boolean('is_staff').notNull().default(false),
    isEmployee: boolean('is_employee').notNull().default(false),
    isManager: boolean('is_manager').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    requirePasswordReset: boolean('require_password_reset').notNull().default(false),
    phone: text('phone').notNull().default(''),
    /** Personal customers only (companies carry their own flag); set by an admin. */
    taxExempt: boolean('tax_exempt').notNull().default(false),
    /** False until the invitation is accepted and a password chosen. */
    hasPassword: boolean('has_password').notNull().default(true),
    /** The user's saved list filters (SPEC 3 Order filter), GET/PATCH me/filters. */
    filters: jsonb('filters'),
    companyId: companyRef('company_id'),
    /** A business employee's spending limit in cents (issue 30); null = no limit. */
    spendingLimit: integer('spending_limit').$type<Cents>(),
    /**
     * Cents the employee's orders may total (before tax) in a calendar month of the shop, what
     * was submitted or approved counted (issue 35); null = no limit.
     */
    monthlySpendingLimit: integer('monthly_spending_limit').$type<Cents>(),
    createdAt: createdAt(),
    lastLoginAt: timestamptz('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_idx').on(t.companyId),
    index('users_last_name_idx').on(t.lastName, t.firstName),
  ],
);

/** API tokens: only a SHA-256 hash of each token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: userRef('user_id', 'cascade').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Billing and shipping addresses of a customer account: a personal customer's own (user_id) or
 * a company's, shared by its users (company_id). Exactly one of the two is set.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    companyId: companyRef('company_id', 'cascade'),
    kind: text('kind', { enum: ['BILLING', 'SHIPPING'] }).notNull(),
    name: text('name').notNull().default(''),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    phone: text('phone').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId), index('addresses_company_idx').on(t.companyId)],
);

/**
 * An invitation to set a password (/invitation/{uuid}/accept). The account is created when the
 * invitation is sent (user_id), so lists show invited people; accepting sets the password.
 * Single use (accepted_at) and expiring (expires_at).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    userId: userRef('user_id', 'cascade').notNull(),
    email: text('email').notNull(),
    invitedBy: userRef('invited_by', 'set null'),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_uuid_key').on(t.uuid), index('invitations_user_idx').on(t.userId)],
);

/** A visitor's request for an account (public form); an admin accepts (invites) or rejects it. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    accountType: text('account_type', { enum: ['P', 'B'] }).notNull(),
    companyName: text('company_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    reason: text('reason').notNull().default(''),
    decidedBy: userRef('decided_by', 'set null'),
    decidedAt: timestamptz('decided_at'),
    userId: userRef('user_id', 'set null'),
    createdAt: createdAt(),
  },
  (t) => [index('access_requests_status_idx').on(t.status, t.createdAt)],
);

/** Single-use, expiring password reset links; only a SHA-256 of the token is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: userRef('user_id', 'cascade').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_hash_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);
