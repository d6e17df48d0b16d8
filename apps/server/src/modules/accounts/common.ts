import {
  type AccessRequest,
  type AccountUser,
  type CompanyProfile,
  deriveRole,
  ERROR_CODES,
  isoOrNull,
  MSG,
  personName,
  type Role,
} from '@cab/shared';
import type { Actor } from '../../kit/context.ts';
import { AppError, badRequest, fieldError } from '../../kit/errors.ts';
import type { CompanyRef, UserRow } from '../auth/index.ts';
import type { AccessRequestRow, CompanyRow } from './repository.ts';

export const fullName = (u: { firstName: string; lastName: string }) => personName(u.firstName, u.lastName);

export const roleOf = (u: UserRow): Role | null =>
  deriveRole({ account_type: u.accountType, is_staff: u.isStaff, is_employee: u.isEmployee, is_manager: u.isManager });

/** Who a user or an access request is, on the wire. */
export const personFields = (u: { id: number; email: string; firstName: string; lastName: string; phone: string }) => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  full_name: fullName(u),
  phone: u.phone,
});

export function toAccountUser({ user: u, company }: { user: UserRow; company: CompanyRef }): AccountUser {
  return {
    ...personFields(u),
    account_type: u.accountType,
    role: roleOf(u),
    is_staff: u.isStaff,
    is_employee: u.isEmployee,
    is_manager: u.isManager,
    is_active: u.isActive,
    require_password_reset: u.requirePasswordReset,
    tax_exempt: u.taxExempt,
    invitation_pending: !u.hasPassword,
    company,
    created_at: u.createdAt.toISOString(),
    last_login_at: isoOrNull(u.lastLoginAt),
  };
}

/** A company's own fields (lists, details, profiles and the audit trail). */
export const companyFields = (c: CompanyRow): CompanyProfile & { created_at: string } => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  website: c.website,
  tax_exempt: c.taxExempt,
  notes: c.notes,
  created_at: c.createdAt.toISOString(),
});

export const toAccessRequest = (r: AccessRequestRow): AccessRequest => ({
  ...personFields(r),
  account_type: r.accountType,
  company_name: r.companyName,
  message: r.message,
  status: r.status,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
  decided_at: isoOrNull(r.decidedAt),
});

/** The role flags stored for a role (SPEC 6 derivation, reversed). */
export function flagsOf(role: Role) {
  return {
    accountType: role === 'PERSONAL' ? ('P' as const) : role.startsWith('BUSINESS_') ? ('B' as const) : null,
    isStaff: role === 'ADMIN',
    isEmployee: role === 'STAFF',
    isManager: role === 'BUSINESS_MANAGER',
  };
}

export const isAdmin = (u: Actor) => u.role === 'ADMIN';
export const isManagerOf = (u: Actor, companyId: number | null) =>
  u.role === 'BUSINESS_MANAGER' && companyId !== null && u.companyId === companyId;
export const isMemberOf = (u: Actor, companyId: number | null) =>
  (u.role === 'BUSINESS_MANAGER' || u.role === 'BUSINESS_EMPLOYEE') && companyId !== null && u.companyId === companyId;

export const emailTaken = () => fieldError(ERROR_CODES.emailTaken, 'email', MSG.emailTaken);
export const userNotFound = () => new AppError(404, ERROR_CODES.notFound, MSG.userNotFound);
export const companyNotFound = () => new AppError(404, ERROR_CODES.notFound, MSG.companyNotFound);
export const validationError = (field: string, message: string) =>
  badRequest(ERROR_CODES.validation, message, { [field]: [message] });
/** 403 naming the fields only an admin may change. */
export const adminOnly = (fields: string[]) =>
  new AppError(
    403,
    ERROR_CODES.permissionDenied,
    MSG.adminOnlyField,
    undefined,
    Object.fromEntries(fields.map((f) => [f, [MSG.adminOnlyField]])),
  );

/** Drops undefined values so a PATCH only touches the fields it names. */
export const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
