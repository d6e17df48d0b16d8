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
  type Profile,
  type profilePatchSchema,
  ROLES,
  type Role,
  type registerBodySchema,
  type registerBusinessBodySchema,
  type staffBodySchema,
  type staffPatchSchema,
  US_STATES,
} from '@cab/shared';
import type { z } from 'zod';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, permissionDenied } from '../../http/errors.ts';
import {
  adminOnly,
  type Ctx,
  companyNotFound,
  defined,
  emailTaken,
  fullName,
  isAdmin,
  isManagerOf,
  isMemberOf,
  toAccountUser,
  userNotFound,
  validationError,
} from './common.ts';
import { openAccount } from './invitations.ts';
import * as repo from './repository.ts';

type Out<S extends z.ZodType> = z.output<S>;

// ---------------------------------------------------------------------------------------------
// Lists

const paging = (q: { page: number; page_size: number; search?: string }) => ({
  page: q.page,
  pageSize: q.page_size,
  search: q.search || undefined,
});

async function usersPage(ctx: Ctx, scope: repo.UserScope, q: Out<typeof accountsQuerySchema>) {
  const { rows, total } = await repo.userPage(ctx.db, scope, {
    ...paging(q),
    isActive: q.is_active === undefined ? undefined : q.is_active === 'true',
  });
  return { results: rows.map(toAccountUser), total };
}

export const customers = (ctx: Ctx, q: Out<typeof accountsQuerySchema>) =>
  usersPage(ctx, { kind: 'customers', accountType: q.account_type }, q);
export const personal = (ctx: Ctx, q: Out<typeof accountsQuerySchema>) => usersPage(ctx, { kind: 'personal' }, q);
export const staff = (ctx: Ctx, q: Out<typeof accountsQuerySchema>) => usersPage(ctx, { kind: 'staff' }, q);

/** A company's users: an admin names the company; a manager always gets its own. */
export async function businessUsers(ctx: Ctx, actor: AuthUser, q: Out<typeof businessUsersQuerySchema>) {
  const companyId = await companyForActor(ctx, actor, q.company);
  return usersPage(ctx, { kind: 'company', companyId }, q);
}

async function companyForActor(ctx: Ctx, actor: AuthUser, requested: number | undefined): Promise<number> {
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
  const { rows, total } = await repo.companyPage(ctx.db, paging(q));
  const ids = rows.map((c) => c.id);
  const [managers, counts] = await Promise.all([repo.managersOf(ctx.db, ids), repo.userCountsOf(ctx.db, ids)]);
  return {
    results: rows.map((c) => ({
      ...companyFields(c),
      managers: managers
        .filter((m) => m.companyId === c.id)
        .map((m) => ({ id: m.id, full_name: fullName(m), email: m.email })),
      users_count: counts.find((n) => n.companyId === c.id)?.n ?? 0,
    })),
    total,
  };
}

const companyFields = (c: repo.CompanyRow): CompanyProfile & { created_at: string } => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  website: c.website,
  tax_exempt: c.taxExempt,
  notes: c.notes,
  created_at: c.createdAt.toISOString(),
});

// ---------------------------------------------------------------------------------------------
// Details

/** customers/{id}: an admin any user; a manager only its own company's users (else not found). */
export async function customer(ctx: Ctx, actor: AuthUser, id: number): Promise<AccountUser> {
  const row = await repo.findUser(ctx.db, id);
  if (!row || !(isAdmin(actor) || isManagerOf(actor, row.user.companyId))) throw userNotFound();
  return toAccountUser(row);
}

/** companies/{id}: an admin, or the company's own users. */
export async function company(ctx: Ctx, actor: AuthUser, id: number): Promise<CompanyDetail> {
  if (!isAdmin(actor) && !isMemberOf(actor, id)) throw companyNotFound();
  const c = await repo.findCompany(ctx.db, id);
  if (!c) throw companyNotFound();
  const [managers, members] = await Promise.all([
    repo.managersOf(ctx.db, [id]),
    repo.userPage(ctx.db, { kind: 'company', companyId: id }, { page: 1, pageSize: 1000 }),
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

export async function createStaff(ctx: Ctx, actor: AuthUser, body: Out<typeof staffBodySchema>) {
  const { user } = await openAccount(ctx, actor, { ...person(body), role: body.role });
  return toAccountUser(user);
}

export async function createBusinessUser(ctx: Ctx, actor: AuthUser, body: Out<typeof businessUserBodySchema>) {
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
  const { user } = await openAccount(ctx, actor, { ...person(body), role, companyId });
  return toAccountUser(user);
}

export async function register(ctx: Ctx, actor: AuthUser, body: Out<typeof registerBodySchema>) {
  const { user } = await openAccount(ctx, actor, { ...person(body), role: 'PERSONAL' });
  return toAccountUser(user);
}

export async function registerBusiness(ctx: Ctx, actor: AuthUser, body: Out<typeof registerBusinessBodySchema>) {
  const { user } = await openAccount(ctx, actor, {
    ...person(body),
    role: 'BUSINESS_MANAGER',
    newCompany: { name: body.company_name, phone: body.company_phone, email: body.company_email },
  });
  return toAccountUser(user);
}

// ---------------------------------------------------------------------------------------------
// Editing accounts

/** Applies a patch of names, phone, flags and is_active with the deactivation rules. */
async function patchUser(
  ctx: Ctx,
  actor: AuthUser,
  target: repo.UserWithCompany,
  values: Partial<Parameters<typeof repo.updateUser>[2]>,
) {
  const u = target.user;
  const deactivating = values.isActive === false && u.isActive;
  if (deactivating && u.id === actor.id) throw validationError('is_active', MSG.cannotDeactivateSelf);
  const losesManager = u.isManager && u.isActive && (deactivating || values.isManager === false);
  await ctx.db.transaction(async (tx) => {
    if (losesManager && u.companyId) {
      await repo.lockCompany(tx, u.companyId);
      if ((await repo.otherActiveManagers(tx, u.companyId, u.id)) === 0) {
        throw badRequest(ERROR_CODES.lastManager, MSG.lastManager);
      }
    }
    if (Object.keys(values).length > 0) await repo.updateUser(tx, u.id, values);
    // A deactivated account is signed out everywhere at once.
    if (deactivating) await repo.deleteTokensOf(tx, u.id);
  });
  return toAccountUser((await repo.findUser(ctx.db, u.id))!);
}

export async function updateStaff(ctx: Ctx, actor: AuthUser, id: number, body: Out<typeof staffPatchSchema>) {
  const target = await repo.findUser(ctx.db, id);
  if (!target || !(target.user.isStaff || target.user.isEmployee)) throw userNotFound();
  return patchUser(
    ctx,
    actor,
    target,
    defined({
      firstName: body.first_name,
      lastName: body.last_name,
      phone: body.phone,
      isActive: body.is_active,
      isStaff: body.role === undefined ? undefined : body.role === 'ADMIN',
      isEmployee: body.role === undefined ? undefined : body.role === 'STAFF',
    }),
  );
}

/** A business user the actor may manage: an admin any, a manager its own company's (else not found). */
async function manageableBusinessUser(ctx: Ctx, actor: AuthUser, id: number) {
  const target = await repo.findUser(ctx.db, id);
  if (target?.user.accountType !== 'B' || !target.user.companyId) throw userNotFound();
  if (!isAdmin(actor) && !isManagerOf(actor, target.user.companyId)) throw userNotFound();
  return target;
}

export async function updateBusinessUser(
  ctx: Ctx,
  actor: AuthUser,
  id: number,
  body: Out<typeof businessUserPatchSchema>,
) {
  const target = await manageableBusinessUser(ctx, actor, id);
  return patchUser(
    ctx,
    actor,
    target,
    defined({ firstName: body.first_name, lastName: body.last_name, phone: body.phone, isActive: body.is_active }),
  );
}

export async function makeManager(ctx: Ctx, actor: AuthUser, id: number, isManager: boolean) {
  const target = await manageableBusinessUser(ctx, actor, id);
  return patchUser(ctx, actor, target, { isManager });
}

// ---------------------------------------------------------------------------------------------
// Profiles

/** The user itself, an admin, or the manager of the user's company; others get not found. */
async function profileTarget(ctx: Ctx, actor: AuthUser, id: number) {
  const row = await repo.findUser(ctx.db, id);
  if (!row) throw userNotFound();
  const u = row.user;
  if (u.id !== actor.id && !isAdmin(actor) && !isManagerOf(actor, u.companyId)) throw userNotFound();
  return row;
}

const toProfile = ({ user: u, company }: repo.UserWithCompany): Profile => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  full_name: fullName(u),
  phone: u.phone,
  account_type: u.accountType,
  tax_exempt: u.taxExempt,
  company,
});

export async function profile(ctx: Ctx, actor: AuthUser, id: number) {
  return toProfile(await profileTarget(ctx, actor, id));
}

export async function updateProfile(ctx: Ctx, actor: AuthUser, id: number, body: Out<typeof profilePatchSchema>) {
  const row = await profileTarget(ctx, actor, id);
  const u = row.user;
  // Sending the current value is harmless (forms send every field); changing it is admin-only.
  const changesAdminFields = [
    body.email !== undefined && body.email !== u.email ? 'email' : null,
    body.tax_exempt !== undefined && body.tax_exempt !== u.taxExempt ? 'tax_exempt' : null,
  ].filter((f): f is string => f !== null);
  if (changesAdminFields.length > 0 && !isAdmin(actor)) throw adminOnly(changesAdminFields);
  if (body.email !== undefined && body.email !== u.email) {
    const other = await repo.findUserByEmail(ctx.db, body.email);
    if (other && other.id !== u.id) throw emailTaken();
  }
  const values = defined({
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone,
    email: body.email,
    taxExempt: body.tax_exempt,
  });
  try {
    if (Object.keys(values).length > 0) await repo.updateUser(ctx.db, u.id, values);
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  return toProfile((await repo.findUser(ctx.db, u.id))!);
}

/** companies/{id}/profile: read by an admin or the company's users; edited by an admin or its managers. */
async function companyProfileTarget(ctx: Ctx, actor: AuthUser, id: number, edit: boolean) {
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

export async function companyProfile(ctx: Ctx, actor: AuthUser, id: number) {
  return toCompanyProfile(await companyProfileTarget(ctx, actor, id, false));
}

export async function updateCompanyProfile(
  ctx: Ctx,
  actor: AuthUser,
  id: number,
  body: Out<typeof companyProfilePatchSchema>,
) {
  const c = await companyProfileTarget(ctx, actor, id, true);
  const changesAdminFields = [
    body.tax_exempt !== undefined && body.tax_exempt !== c.taxExempt ? 'tax_exempt' : null,
    body.notes !== undefined && body.notes !== c.notes ? 'notes' : null,
  ].filter((f): f is string => f !== null);
  if (changesAdminFields.length > 0 && !isAdmin(actor)) throw adminOnly(changesAdminFields);
  const values = defined({
    name: body.name,
    email: body.email,
    phone: body.phone,
    website: body.website,
    taxExempt: body.tax_exempt,
    notes: body.notes,
  });
  const updated = Object.keys(values).length > 0 ? await repo.updateCompany(ctx.db, id, values) : c;
  return toCompanyProfile(updated ?? c);
}

// ---------------------------------------------------------------------------------------------
// The signed-in user's options and filters

const ACCOUNT_TYPE_OPTIONS: MeOptions['account_types'] = [
  { value: 'P', label: ACCOUNT_TYPE_LABELS.P },
  { value: 'B', label: ACCOUNT_TYPE_LABELS.B },
];

export function meOptions(actor: AuthUser): MeOptions {
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

export async function meFilters(ctx: Ctx, actor: AuthUser) {
  const row = await repo.findUser(ctx.db, actor.id);
  return filtersOf(row?.user.filters ?? null);
}

export async function updateMeFilters(ctx: Ctx, actor: AuthUser, orderFilter: OrderFilter | null) {
  const row = await repo.findUser(ctx.db, actor.id);
  const current = (row?.user.filters ?? {}) as Record<string, unknown>;
  const filters = { ...current, order_filter: orderFilter };
  await repo.updateUser(ctx.db, actor.id, { filters });
  return filtersOf(filters);
}
