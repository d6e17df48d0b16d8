/** Role derivation (SPEC 6), used by server and web alike. */
export const ROLES = ['ADMIN', 'STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const;
export type Role = (typeof ROLES)[number];

export const CUSTOMER_ROLES = ['PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const satisfies readonly Role[];

/**
 * The one table of role groups: contracts (server), route guards and navigation (web) name
 * these instead of listing roles again.
 */
export const ROLE_GROUPS = {
  everyone: ROLES,
  admin: ['ADMIN'],
  shop: ['ADMIN', 'STAFF'],
  customers: CUSTOMER_ROLES,
  business: ['BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'],
  adminAndCustomers: ['ADMIN', ...CUSTOMER_ROLES],
  adminAndManager: ['ADMIN', 'BUSINESS_MANAGER'],
  adminAndBusiness: ['ADMIN', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'],
  /** Who keeps bank accounts for ACH payments. */
  bankOwners: ['BUSINESS_MANAGER', 'PERSONAL'],
  /** Personal customers only (their own proposal settings). */
  personal: ['PERSONAL'],
} as const satisfies Record<string, readonly Role[]>;

type AccountType = 'P' | 'B';

export interface RoleFlags {
  account_type: AccountType | null;
  is_staff: boolean;
  is_employee: boolean;
  is_manager: boolean;
}

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  STAFF: 'Staff',
  PERSONAL: 'Personal customer',
  BUSINESS_MANAGER: 'Business manager',
  BUSINESS_EMPLOYEE: 'Business employee',
};

/** ADMIN (is_staff), STAFF (is_employee), business manager/employee, personal, otherwise none. */
export function deriveRole(user: RoleFlags): Role | null {
  if (user.is_staff) return 'ADMIN';
  if (user.is_employee) return 'STAFF';
  if (user.account_type === 'B') return user.is_manager ? 'BUSINESS_MANAGER' : 'BUSINESS_EMPLOYEE';
  if (user.account_type === 'P') return 'PERSONAL';
  return null;
}

/** A customer is a non-staff, non-employee personal or business account. */
export function isCustomer(user: RoleFlags): boolean {
  return !user.is_staff && !user.is_employee && (user.account_type === 'P' || user.account_type === 'B');
}

/**
 * Who may call an endpoint or open a route: 'public' (anyone, signed in or not),
 * 'authenticated' (any signed-in user with a role), or a list of roles.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

export function canAccess(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  if (access === 'authenticated') return true;
  return access.includes(role);
}

/** May this role call the endpoint? The server's check (http/route.ts) and the web's `useCan`. */
export function can(endpoint: { access: Access }, role: Role | null): boolean {
  return canAccess(endpoint.access, role);
}
