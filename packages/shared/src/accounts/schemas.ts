import { z } from 'zod';
import { ROLES } from '../auth/roles.ts';
import { companyRefSchema } from '../auth/schemas.ts';
import { PAGE_SIZE } from '../constants.ts';
import { listQuery, paged } from '../http/list.ts';
import { MSG } from '../messages.ts';
import {
  emailField,
  idField,
  passwordField,
  postalCodeField,
  requiredString,
  secretField,
  textField,
} from '../validation.ts';
import { US_STATE_CODES } from './states.ts';

/** Invitation and password reset links stay valid this long. */
export const INVITATION_TTL_DAYS = 7;
export const PASSWORD_RESET_TTL_HOURS = 2;
/** Public forms (access request, forgotten password): per e-mail and per client, per hour. */
export const PUBLIC_FORM_LIMIT_PER_HOUR = 5;

const optionalText = (max = 255) => textField(max).default('');
const phoneField = () =>
  z
    .string()
    .trim()
    .max(40, MSG.phoneInvalid)
    .regex(/^[0-9+().\-\s]*$/, MSG.phoneInvalid)
    .default('');
const idParam = idField();

export const idParamsSchema = z.object({ id: idParam });
export const addressParamsSchema = z.object({ id: idParam, addressId: idParam });
export const uuidParamsSchema = z.object({ uuid: z.string().uuid({ error: MSG.invitationInvalid }) });

/** The account lists: 50 a page (at most 1000); the web keeps the search text (SPEC 3). */
const pageQuery = {
  ...listQuery({ pageSize: PAGE_SIZE.accounts, maxPageSize: PAGE_SIZE.max }),
  /** Matches first name, last name, e-mail and company name, case-insensitively. */
  search: textField(200).optional(),
};

export const accountsQuerySchema = z.object({
  ...pageQuery,
  account_type: z.enum(['P', 'B']).optional(),
  is_active: z.enum(['true', 'false']).optional(),
});

export const companiesQuerySchema = z.object(pageQuery);
export const businessUsersQuerySchema = z.object({
  ...pageQuery,
  /** The company; a business manager's own company when left out (required for admins). */
  company: idField().optional(),
});

/** Who a user or an access request is. */
const personSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone: z.string(),
});

/** One user as account lists and details show it. */
export const accountUserSchema = personSchema.extend({
  account_type: z.enum(['P', 'B']).nullable(),
  role: z.enum(ROLES).nullable(),
  is_staff: z.boolean(),
  is_employee: z.boolean(),
  is_manager: z.boolean(),
  is_active: z.boolean(),
  require_password_reset: z.boolean(),
  tax_exempt: z.boolean(),
  /** Invited but has not yet accepted and set a password. */
  invitation_pending: z.boolean(),
  company: companyRefSchema.nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;
export const accountUserPageSchema = paged(accountUserSchema);

const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  tax_exempt: z.boolean(),
  notes: z.string(),
  managers: z.array(z.object({ id: z.number().int(), full_name: z.string(), email: z.string() })),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;
export const companyPageSchema = paged(companySchema);
export const companyDetailSchema = companySchema.extend({ users: z.array(accountUserSchema) });
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

const names = {
  first_name: requiredString(100),
  last_name: requiredString(100),
  phone: phoneField(),
};

/** POST staff: creates a staff (STAFF) or admin (ADMIN) account and e-mails its invitation. */
export const staffBodySchema = z.object({
  email: emailField(),
  ...names,
  role: z.enum(['STAFF', 'ADMIN']).default('STAFF'),
});
export type StaffBody = z.input<typeof staffBodySchema>;
export const staffPatchSchema = z
  .object({ ...names, role: z.enum(['STAFF', 'ADMIN']), is_active: z.boolean() })
  .partial();
export type StaffPatch = z.input<typeof staffPatchSchema>;

/** POST business_user: a user of a company, invited by e-mail (a manager: own company only). */
export const businessUserBodySchema = z.object({
  company: idField().optional(),
  email: emailField(),
  ...names,
  is_manager: z.boolean().default(false),
});
export const businessUserPatchSchema = z.object({ ...names, is_active: z.boolean() }).partial();
export type BusinessUserPatch = z.input<typeof businessUserPatchSchema>;
/** PATCH make_manager: promote (default) or step down; a company always keeps one manager. */
export const makeManagerBodySchema = z.object({ is_manager: z.boolean().default(true) });

/** POST register (personal) and register/business: an admin opens a customer account. */
export const registerBodySchema = z.object({ email: emailField(), ...names });
export type RegisterBody = z.input<typeof registerBodySchema>;
export const registerBusinessBodySchema = registerBodySchema.extend({
  company_name: requiredString(200),
  company_phone: phoneField(),
  company_email: z.union([emailField(), z.literal('')], { error: MSG.emailInvalid }).default(''),
});
export type RegisterBusinessBody = z.input<typeof registerBusinessBodySchema>;

/** customers/{id}/profile: the person. Only an admin may change tax_exempt and e-mail. */
export const profileSchema = accountUserSchema.pick({
  id: true,
  email: true,
  first_name: true,
  last_name: true,
  full_name: true,
  phone: true,
  account_type: true,
  tax_exempt: true,
  company: true,
});
export type Profile = z.infer<typeof profileSchema>;
export const profilePatchSchema = z.object({ ...names, email: emailField(), tax_exempt: z.boolean() }).partial();
export type ProfilePatch = z.input<typeof profilePatchSchema>;

/** companies/{id}/profile. Only an admin may change tax_exempt and notes. */
export const companyProfileSchema = companySchema.pick({
  id: true,
  name: true,
  email: true,
  phone: true,
  website: true,
  tax_exempt: true,
  notes: true,
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;
export const companyProfilePatchSchema = z
  .object({
    name: requiredString(200),
    email: z.union([emailField(), z.literal('')], { error: MSG.emailInvalid }),
    phone: phoneField(),
    website: optionalText(300),
    tax_exempt: z.boolean(),
    notes: optionalText(4000),
  })
  .partial();
export type CompanyProfilePatch = z.input<typeof companyProfilePatchSchema>;

export const ADDRESS_KINDS = ['BILLING', 'SHIPPING'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
/** Labels of account types (me/options, account lists). */
export const ACCOUNT_TYPE_LABELS = { P: 'Personal', B: 'Business' } as const;

export const addressSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ADDRESS_KINDS),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressListSchema = z.array(addressSchema);
/** The server also checks the postal code exists and lies in the state (postal-code lookup). */
export const addressBodySchema = z.object({
  kind: z.enum(ADDRESS_KINDS, { error: MSG.required }),
  name: optionalText(100),
  line1: requiredString(200),
  line2: optionalText(200),
  city: requiredString(100),
  state: z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .refine((s) => US_STATE_CODES.has(s), MSG.stateInvalid),
  postal_code: postalCodeField(),
  phone: phoneField(),
  is_default: z.boolean().default(false),
});
export type AddressBody = z.input<typeof addressBodySchema>;

/** GET me/options: choices the signed-in user's forms offer. */
export const meOptionsSchema = z.object({
  account_types: z.array(z.object({ value: z.enum(['P', 'B']), label: z.string() })),
  address_kinds: z.array(z.enum(ADDRESS_KINDS)),
  states: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The roles this user may invite (admin: all; business manager: its company's roles). */
  invite_roles: z.array(z.enum(ROLES)),
});
export type MeOptions = z.infer<typeof meOptionsSchema>;

/** SPEC 3 Order filter: the selection a user saves and restores. */
export const orderFilterSchema = z.object({
  name: z.string().max(200).default(''),
  status: z.array(z.string().max(40)).max(20).default([]),
  date_after: z.string().max(40).nullable().default(null),
  date_before: z.string().max(40).nullable().default(null),
  selected_range: z.string().max(40).nullable().default(null),
});
export type OrderFilter = z.infer<typeof orderFilterSchema>;
/** GET me/filters: the server default filter (SPEC 3) plus the user's saved order filter. */
export const meFiltersSchema = z.object({
  status_filter_list: z.array(z.string()),
  default_date_filter: z.string(),
  default_order_from_date_filter: z.string().nullable(),
  default_order_to_date_filter: z.string().nullable(),
  order_filter: orderFilterSchema.nullable(),
});
export type MeFilters = z.infer<typeof meFiltersSchema>;
export const meFiltersPatchSchema = z.object({ order_filter: orderFilterSchema.nullable() });

/**
 * POST invite. An admin invites any role (a new company for a BUSINESS_MANAGER with
 * company_name, or an existing company); a business manager invites into its own company only.
 * access_request marks that request accepted.
 */
export const inviteBodySchema = z.object({
  email: emailField(),
  ...names,
  role: z.enum(ROLES, { error: MSG.required }),
  company: idField().optional(),
  company_name: textField(200).optional(),
  access_request: idField().optional(),
});
export type InviteBody = z.input<typeof inviteBodySchema>;
export const invitationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  company: companyRefSchema.nullable(),
  expires_at: z.string(),
});
/** GET invite/{uuid}: what the accept page shows before a password is chosen (public). */
export const invitationInfoSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES).nullable(),
  company_name: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

const newPasswordPair = z
  .object({ new_password: passwordField(), confirm_password: secretField() })
  .refine((v) => v.new_password === v.confirm_password, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirm_password'],
  });

/** POST invite/{uuid}/accept: sets the password; answers a token (signed in). */
export const acceptInvitationBodySchema = newPasswordPair;
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;

export const forgetPasswordBodySchema = z.object({ email: emailField() });
export const resetPasswordBodySchema = z
  .object({
    token: z.string({ error: MSG.resetLinkInvalid }).min(10, MSG.resetLinkInvalid).max(200, MSG.resetLinkInvalid),
    new_password: passwordField(),
    confirm_password: secretField(),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const ACCESS_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export const accessRequestBodySchema = z
  .object({
    email: emailField(),
    ...names,
    account_type: z.enum(['P', 'B'], { error: MSG.required }),
    company_name: optionalText(200),
    message: optionalText(2000),
  })
  .refine((v) => v.account_type !== 'B' || v.company_name.length > 0, {
    message: MSG.required,
    path: ['company_name'],
  });
export type AccessRequestBody = z.input<typeof accessRequestBodySchema>;
export const accessRequestSchema = personSchema.extend({
  account_type: z.enum(['P', 'B']),
  company_name: z.string(),
  message: z.string(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;
export const accessRequestPageSchema = paged(accessRequestSchema);
export const accessRequestQuerySchema = z.object({ ...pageQuery, status: z.enum(ACCESS_REQUEST_STATUSES).optional() });
export const rejectAccessRequestBodySchema = z.object({ reason: optionalText(1000) });
