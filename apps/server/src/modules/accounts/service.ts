import {
  ACCOUNT_TYPE_LABELS,
  type AccountUser,
  ADDRESS_KINDS,
  type accountsQuerySchema,
  type businessUserBodySchema,
  type businessUserPatchSchema,
  type businessUsersQuerySchema,
  type CompanyDetail,
  type CompanyProfile,
  type companiesQuerySchema,
  type companyProfilePatchSchema,
  DEFAULT_ORDER_STATUS_FILTER,
  ERROR_CODES,
  type MeFilters,
  type MeOptions,
  MSG,
  type OrderFilter,
  orderFilterSchema,
  PAGE_SIZE,
  type Profile,
  type profilePatchSchema,
  ROLES,
  type Role,
  type registerBodySchema,
  type registerBusinessBodySchema,
  type staffBodySchema,
  type staffPatchSchema,
  toPaged,
  US_STATES,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import { badRequest, permissionDenied } from '../../kit/errors.ts';
import { pageWindow } from '../../kit/list.ts';
import { rethrowUnique, transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import * as users from '../auth/index.ts';
import {
  adminOnly,
  companyFields,
  companyNotFound,
  defined,
  emailTaken,
  fullName,
  isAdmin,
  isManagerOf,
  isMemberOf,
  personFields,
  toAccountUser,
  userNotFound,
  validationError,
} from './common.ts';
import { openAccount } from './invitations.ts';
import * as repo from './repository.ts';

type Out<S extends z.ZodType> = z.output<S>;

// ---------------------------------------------------------------------------------------------
// Lists

/** The search text, '' counting as none. */
const searchOf = (q: { search?: string }) => ({ search: q.search || undefined });

async function usersPage(ctx: Ctx, scope: repo.UserScope, q: Out<typeof accountsQuerySchema>) {
  const filter = { ...searchOf(q), isActive: q.is_active === undefined ? undefined : q.is_active === 'true' };
  return toPaged(await repo.userPage(ctx.db, scope, filter, pageWindow(q)), toAccountUser);
}

export const customers = (ctx: Ctx, q: Out<typeof accountsQuerySchema>) =>
  usersPage(ctx, { kind: 'customers', accountType: q.account_type }, q);
export const personal = (ctx: Ctx, q: Out<typeof accountsQuerySchema>) => usersPage(ctx, { kind: 'personal' }, q);
export const staff = (ctx: Ctx, q: Out<typeof accountsQuerySchema>) => usersPage(ctx, { kind: 'staff' }, q);

/** A company's users: an admin names the company; a manager always gets its own. */
export async function businessUsers(ctx: Ctx, q: Out<typeof businessUsersQuerySchema>) {
  const companyId = await companyForActor(ctx, q.company);
  return usersPage(ctx, { kind: 'company', companyId }, q);
}

async function companyForActor(ctx: Ctx, requested: number | undefined): Promise<number> {
  const { actor } = ctx;
  if (!isAdmin(actor)) {
    // Another company's id answers like an unknown one: a manager cannot see other companies.
    if (!actor.companyId || (requested !== undefined && requested !== actor.companyId)) throw companyNotFound();
    return actor.companyId;
  }
  if (requested === undefined) throw validationError('company', MSG.companyRequired);
  if (!(await repo.findCompany(ctx.db, requested))) throw companyNotFound();
  return requested;
}

export async function companies(ctx: Ctx, q: Out<typeof companiesQuerySchema>) {
  const page = await repo.companyPage(ctx.db, searchOf(q), pageWindow(q));
  const ids = page.rows.map((c) => c.id);
  const [managers, counts] = await Promise.all([repo.managersOf(ctx.db, ids), repo.userCountsOf(ctx.db, ids)]);
  return toPaged(page, (c) => ({
    ...companyFields(c),
    managers: managers
      .filter((m) => m.companyId === c.id)
      .map((m) => ({ id: m.id, full_name: fullName(m), email: m.email })),
    users_count: counts.find((n) => n.companyId === c.id)?.n ?? 0,
  }));
}

// ---------------------------------------------------------------------------------------------
// Details

/** customers/{id}: an admin any user; a manager only its own company's users (else not found). */
export async function customer(ctx: Ctx, id: number): Promise<AccountUser> {
  const { actor } = ctx;
  const row = await users.findUserWithCompany(ctx.db, id);
  if (!row || !(isAdmin(actor) || isManagerOf(actor, row.user.companyId))) throw userNotFound();
  return toAccountUser(row);
}

/** companies/{id}: an admin, or the company's own users. */
export async function company(ctx: Ctx, id: number): Promise<CompanyDetail> {
  if (!isAdmin(ctx.actor) && !isMemberOf(ctx.actor, id)) throw companyNotFound();
  const c = await repo.findCompany(ctx.db, id);
  if (!c) throw companyNotFound();
  const [managers, members] = await Promise.all([
    repo.managersOf(ctx.db, [id]),
    // The detail lists at most one page of the largest size; users_count is the whole count.
    repo.userPage(ctx.db, { kind: 'company', companyId: id }, {}, pageWindow({ page: 1, page_size: PAGE_SIZE.max })),
  ]);
  return {
    ...companyFields(c),
    managers: managers.map((m) => ({ id: m.id, full_name: fullName(m), email: m.email })),
    users_count: members.total,
    users: members.rows.map(toAccountUser),
  };
}

// ---------------------------------------------------------------------------------------------
// Creating accounts: each opens the account without a password and e-mails its invitation.

const person = (b: { email: string; first_name: string; last_name: string; phone: string }) => ({
  email: b.email,
  firstName: b.first_name,
  lastName: b.last_name,
  phone: b.phone,
});

export async function createStaff(ctx: Ctx, body: Out<typeof staffBodySchema>) {
  const { user } = await openAccount(ctx, { ...person(body), role: body.role });
  return toAccountUser(user);
}

export async function createBusinessUser(ctx: Ctx, body: Out<typeof businessUserBodySchema>) {
  const { actor } = ctx;
  let companyId: number;
  if (isAdmin(actor)) {
    if (body.company === undefined) throw validationError('company', MSG.companyRequired);
    companyId = body.company;
  } else {
    // A manager adds to its own company; naming another one is treated as unknown.
    if (!actor.companyId || (body.company !== undefined && body.company !== actor.companyId)) {
      throw validationError('company', MSG.companyNotFound);
    }
    companyId = actor.companyId;
  }
  const role: Role = body.is_manager ? 'BUSINESS_MANAGER' : 'BUSINESS_EMPLOYEE';
  const { user } = await openAccount(ctx, { ...person(body), role, companyId });
  return toAccountUser(user);
}

export async function register(ctx: Ctx, body: Out<typeof registerBodySchema>) {
  const { user } = await openAccount(ctx, { ...person(body), role: 'PERSONAL' });
  return toAccountUser(user);
}

export async function registerBusiness(ctx: Ctx, body: Out<typeof registerBusinessBodySchema>) {
  const { user } = await openAccount(ctx, {
    ...person(body),
    role: 'BUSINESS_MANAGER',
    newCompany: { name: body.company_name, phone: body.company_phone, email: body.company_email },
  });
  return toAccountUser(user);
}

// ---------------------------------------------------------------------------------------------
// Editing accounts

/**
 * Applies a patch of names, phone, flags and is_active with the deactivation rules, and records
 * it (`action`) with the account before and after.
 */
async function patchUser(
  ctx: Ctx,
  target: users.UserWithCompany,
  values: Partial<users.NewUser>,
  action: 'update' | 'make_manager',
) {
  const u = target.user;
  const deactivating = values.isActive === false && u.isActive;
  if (deactivating && u.id === ctx.actor.id) throw validationError('is_active', MSG.cannotDeactivateSelf);
  // Like deactivation: an admin cannot take its own admin role away, so some admin always remains.
  const demoting = values.isStaff === false && u.isStaff;
  if (demoting && u.id === ctx.actor.id) throw validationError('role', MSG.cannotDemoteSelf);
  const losesManager = u.isManager && u.isActive && (deactivating || values.isManager === false);
  const losesAdmin = u.isStaff && u.isActive && (deactivating || demoting);
  return transaction(ctx, async (tx) => {
    if (losesAdmin && (await repo.otherActiveAdminsLocked(tx.db, u.id)) === 0) {
      throw badRequest(ERROR_CODES.lastAdmin, MSG.lastAdmin);
    }
    if (losesManager && u.companyId) {
      await repo.lockCompany(tx.db, u.companyId);
      if ((await repo.otherActiveManagers(tx.db, u.companyId, u.id)) === 0) {
        throw badRequest(ERROR_CODES.lastManager, MSG.lastManager);
      }
    }
    // A deactivated account is signed out everywhere at once.
    if (deactivating) await users.deleteTokensOf(tx.db, u.id);
    if (Object.keys(values).length === 0) return toAccountUser(target);
    await users.updateUser(tx.db, u.id, values);
    const after = toAccountUser((await users.findUserWithCompany(tx.db, u.id))!);
    await audit(tx, { entity: 'user', id: u.id, action, before: toAccountUser(target), after });
    return after;
  });
}

export async function updateStaff(ctx: Ctx, id: number, body: Out<typeof staffPatchSchema>) {
  const target = await users.findUserWithCompany(ctx.db, id);
  if (!target || !(target.user.isStaff || target.user.isEmployee)) throw userNotFound();
  return patchUser(
    ctx,
    target,
    defined({
      firstName: body.first_name,
      lastName: body.last_name,
      phone: body.phone,
      isActive: body.is_active,
      isStaff: body.role === undefined ? undefined : body.role === 'ADMIN',
      isEmployee: body.role === undefined ? undefined : body.role === 'STAFF',
    }),
    'update',
  );
}

/** A business user the actor may manage: an admin any, a manager its own company's (else not found). */
async function manageableBusinessUser(ctx: Ctx, id: number) {
  const target = await users.findUserWithCompany(ctx.db, id);
  if (target?.user.accountType !== 'B' || !target.user.companyId) throw userNotFound();
  if (!isAdmin(ctx.actor) && !isManagerOf(ctx.actor, target.user.companyId)) throw userNotFound();
  return target;
}

export async function updateBusinessUser(ctx: Ctx, id: number, body: Out<typeof businessUserPatchSchema>) {
  const target = await manageableBusinessUser(ctx, id);
  return patchUser(
    ctx,
    target,
    defined({ firstName: body.first_name, lastName: body.last_name, phone: body.phone, isActive: body.is_active }),
    'update',
  );
}

export async function makeManager(ctx: Ctx, id: number, isManager: boolean) {
  const target = await manageableBusinessUser(ctx, id);
  return patchUser(ctx, target, { isManager }, 'make_manager');
}

// ---------------------------------------------------------------------------------------------
// Profiles

/** The user itself, an admin, or the manager of the user's company; others get not found. */
async function profileTarget(ctx: Ctx, id: number) {
  const row = await users.findUserWithCompany(ctx.db, id);
  if (!row) throw userNotFound();
  const u = row.user;
  const { actor } = ctx;
  if (u.id !== actor.id && !isAdmin(actor) && !isManagerOf(actor, u.companyId)) throw userNotFound();
  return row;
}

const toProfile = ({ user: u, company }: users.UserWithCompany): Profile => ({
  ...personFields(u),
  account_type: u.accountType,
  tax_exempt: u.taxExempt,
  company,
});

export async function profile(ctx: Ctx, id: number) {
  return toProfile(await profileTarget(ctx, id));
}

export async function updateProfile(ctx: Ctx, id: number, body: Out<typeof profilePatchSchema>) {
  const row = await profileTarget(ctx, id);
  const u = row.user;
  // Sending the current value is harmless (forms send every field); changing it is admin-only.
  const changesAdminFields = [
    body.email !== undefined && body.email !== u.email ? 'email' : null,
    body.tax_exempt !== undefined && body.tax_exempt !== u.taxExempt ? 'tax_exempt' : null,
  ].filter((f): f is string => f !== null);
  if (changesAdminFields.length > 0 && !isAdmin(ctx.actor)) throw adminOnly(changesAdminFields);
  if (body.email !== undefined && body.email !== u.email) {
    const other = await users.findUserByEmail(ctx.db, body.email);
    if (other && other.id !== u.id) throw emailTaken();
  }
  const values = defined({
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone,
    email: body.email,
    taxExempt: body.tax_exempt,
  });
  if (Object.keys(values).length === 0) return toProfile(row);
  try {
    return await transaction(ctx, async (tx) => {
      await users.updateUser(tx.db, u.id, values);
      const after = toProfile((await users.findUserWithCompany(tx.db, u.id))!);
      await audit(tx, { entity: 'user', id: u.id, action: 'update_profile', before: toProfile(row), after });
      return after;
    });
  } catch (err) {
    // Two requests taking one e-mail at once: the unique index decides.
    rethrowUnique(err, () => emailTaken());
  }
}

/** companies/{id}/profile: read by an admin or the company's users; edited by an admin or its managers. */
async function companyProfileTarget(ctx: Ctx, id: number, edit: boolean) {
  const { actor } = ctx;
  const allowed = isAdmin(actor) || (edit ? isManagerOf(actor, id) : isMemberOf(actor, id));
  if (!allowed) {
    // An employee of this very company may read but not edit: that is a refusal, not a secret.
    if (edit && isMemberOf(actor, id)) throw permissionDenied();
    throw companyNotFound();
  }
  const c = await repo.findCompany(ctx.db, id);
  if (!c) throw companyNotFound();
  return c;
}

const toCompanyProfile = (c: repo.CompanyRow): CompanyProfile => {
  const { created_at: _, ...fields } = companyFields(c);
  return fields;
};

export async function companyProfile(ctx: Ctx, id: number) {
  return toCompanyProfile(await companyProfileTarget(ctx, id, false));
}

export async function updateCompanyProfile(ctx: Ctx, id: number, body: Out<typeof companyProfilePatchSchema>) {
  const c = await companyProfileTarget(ctx, id, true);
  const changesAdminFields = [
    body.tax_exempt !== undefined && body.tax_exempt !== c.taxExempt ? 'tax_exempt' : null,
    body.notes !== undefined && body.notes !== c.notes ? 'notes' : null,
  ].filter((f): f is string => f !== null);
  if (changesAdminFields.length > 0 && !isAdmin(ctx.actor)) throw adminOnly(changesAdminFields);
  const values = defined({
    name: body.name,
    email: body.email,
    phone: body.phone,
    website: body.website,
    taxExempt: body.tax_exempt,
    notes: body.notes,
  });
  if (Object.keys(values).length === 0) return toCompanyProfile(c);
  return transaction(ctx, async (tx) => {
    const after = toCompanyProfile((await repo.updateCompany(tx.db, id, values)) ?? c);
    await audit(tx, { entity: 'company', id, action: 'update', before: toCompanyProfile(c), after });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// The signed-in user's options and filters

const ACCOUNT_TYPE_OPTIONS: MeOptions['account_types'] = [
  { value: 'P', label: ACCOUNT_TYPE_LABELS.P },
  { value: 'B', label: ACCOUNT_TYPE_LABELS.B },
];

export function meOptions(ctx: Ctx): MeOptions {
  const { actor } = ctx;
  const inviteRoles: Role[] =
    actor.role === 'ADMIN'
      ? [...ROLES]
      : actor.role === 'BUSINESS_MANAGER'
        ? ['BUSINESS_EMPLOYEE', 'BUSINESS_MANAGER']
        : [];
  return {
    account_types: ACCOUNT_TYPE_OPTIONS,
    address_kinds: [...ADDRESS_KINDS],
    states: US_STATES,
    invite_roles: inviteRoles,
  };
}

/**
 * The server default order filter (SPEC 4: VERIFIED, ORDERED, IN_PROGRESS over all dates;
 * 'all' means no date range) plus the user's saved filter from users.filters.order_filter.
 */
function filtersOf(stored: unknown): MeFilters {
  const saved = (stored as { order_filter?: unknown } | null)?.order_filter;
  const parsed = saved == null ? null : orderFilterSchema.safeParse(saved);
  return {
    status_filter_list: [...DEFAULT_ORDER_STATUS_FILTER],
    default_date_filter: 'all',
    default_order_from_date_filter: null,
    default_order_to_date_filter: null,
    order_filter: parsed?.success ? parsed.data : null,
  };
}

export async function meFilters(ctx: Ctx) {
  const row = await users.findUserWithCompany(ctx.db, ctx.actor.id);
  return filtersOf(row?.user.filters ?? null);
}

export async function updateMeFilters(ctx: Ctx, orderFilter: OrderFilter | null) {
  const row = await users.findUserWithCompany(ctx.db, ctx.actor.id);
  const current = (row?.user.filters ?? {}) as Record<string, unknown>;
  const filters = { ...current, order_filter: orderFilter };
  await users.updateUser(ctx.db, ctx.actor.id, { filters });
  return filtersOf(filters);
}
