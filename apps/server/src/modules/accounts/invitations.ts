import { randomBytes } from 'node:crypto';
import { type Executor, hashPassword } from '@cab/db';
import {
  type AcceptInvitationBody,
  ERROR_CODES,
  INVITATION_TTL_DAYS,
  type InvitationInfo,
  type inviteBodySchema,
  MSG,
  type Role,
} from '@cab/shared';
import type { z } from 'zod';
import { type AuthUser, newToken } from '../../http/auth.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { enqueueTemplate } from '../email/outbox.ts';
import { appData, type Ctx, emailTaken, flagsOf, fullName, iso, roleOf, userData, validationError } from './common.ts';
import * as repo from './repository.ts';

const DAY_MS = 86_400_000;

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  /** An existing company (business roles). */
  companyId?: number | null;
  /** Or a company created with the account, which becomes its first user. */
  newCompany?: { name: string; phone?: string; email?: string };
}

type AfterCreate = (tx: Executor, user: repo.UserRow) => Promise<void>;

async function inviterName(ctx: Ctx, actor: AuthUser | null) {
  if (!actor) return '';
  const row = await repo.findUser(ctx.db, actor.id);
  return row ? fullName(row.user) : '';
}

/**
 * A fresh invitation (older open ones stop working) and its e-mail, in the caller's transaction
 * so the mail exists exactly when the invitation does.
 */
async function sendInvitation(
  tx: Executor,
  ctx: Ctx,
  invitedBy: { id: number | null; name: string },
  user: repo.UserRow,
  company: repo.CompanyRef,
) {
  await repo.deleteOpenInvitations(tx, user.id);
  const invitation = await repo.insertInvitation(tx, {
    userId: user.id,
    email: user.email,
    invitedBy: invitedBy.id,
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
  });
  await enqueueTemplate(tx, 'invitation', user.email, {
    user: userData(user),
    // Always the template's full shape: an admin-edited template may name any sample placeholder.
    company: { name: company?.name ?? '' },
    app: appData(ctx.config),
    invited_by: invitedBy.name,
    link: `${ctx.config.publicUrl}/invitation/${invitation.uuid}/accept`,
    expires_in_days: INVITATION_TTL_DAYS,
  });
  return invitation;
}

/**
 * Opens an account without a usable password (has_password false) and invites its owner:
 * user, company (when new), invitation and e-mail are written in one transaction.
 */
export async function openAccount(ctx: Ctx, actor: AuthUser | null, account: NewAccount, after?: AfterCreate) {
  if (await repo.findUserByEmail(ctx.db, account.email)) throw emailTaken();
  // Nobody knows this password; the account is used only after the invitation sets a real one.
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
  const invitedBy = { id: actor?.id ?? null, name: await inviterName(ctx, actor) };
  return ctx.db.transaction(async (tx) => {
    let company: repo.CompanyRef = null;
    if (account.newCompany) {
      const created = await repo.insertCompany(tx, {
        name: account.newCompany.name,
        phone: account.newCompany.phone ?? '',
        email: account.newCompany.email ?? '',
      });
      company = { id: created.id, name: created.name };
    } else if (account.companyId) {
      const found = await repo.findCompany(tx, account.companyId);
      if (!found) throw validationError('company', MSG.companyNotFound);
      company = { id: found.id, name: found.name };
    }
    let user: repo.UserRow;
    try {
      user = await repo.insertUser(tx, {
        email: account.email,
        passwordHash,
        hasPassword: false,
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phone,
        ...flagsOf(account.role),
        companyId: company?.id ?? null,
      });
    } catch (err) {
      // Two requests for one e-mail at once: the unique index decides.
      if (repo.isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
    const invitation = await sendInvitation(tx, ctx, invitedBy, user, company);
    await after?.(tx, user);
    return { user: { user, company }, invitation };
  });
}

type InviteInput = z.output<typeof inviteBodySchema>;

/** Where an invited business user goes: the manager's own company, an existing one, or a new one. */
async function inviteTarget(ctx: Ctx, actor: AuthUser, body: InviteInput): Promise<Partial<NewAccount>> {
  if (actor.role === 'BUSINESS_MANAGER') {
    if (body.role !== 'BUSINESS_EMPLOYEE' && body.role !== 'BUSINESS_MANAGER') {
      throw new AppError(403, ERROR_CODES.permissionDenied, MSG.inviteRoleNotAllowed);
    }
    // Another company's id is treated as unknown: a manager cannot see other companies.
    if (!actor.companyId || (body.company !== undefined && body.company !== actor.companyId)) {
      throw validationError('company', MSG.companyNotFound);
    }
    return { companyId: actor.companyId };
  }
  if (body.role !== 'BUSINESS_EMPLOYEE' && body.role !== 'BUSINESS_MANAGER') return {};
  if (body.company !== undefined) {
    if (!(await repo.findCompany(ctx.db, body.company))) throw validationError('company', MSG.companyNotFound);
    return { companyId: body.company };
  }
  if (body.role === 'BUSINESS_EMPLOYEE') throw validationError('company', MSG.companyRequired);
  if (!body.company_name) throw validationError('company_name', MSG.companyNameRequired);
  return { newCompany: { name: body.company_name } };
}

/** Marks an access request accepted by the account just invited (inside the same transaction). */
const acceptRequest = (actor: AuthUser, requestId: number | undefined): AfterCreate | undefined =>
  requestId === undefined
    ? undefined
    : async (tx, user) => {
        const decided = await repo.decideAccessRequest(tx, requestId, {
          status: 'ACCEPTED',
          decidedBy: actor.id,
          decidedAt: new Date(),
          userId: user.id,
        });
        if (!decided) throw badRequest(ERROR_CODES.accessRequestNotPending, MSG.accessRequestNotPending);
      };

/**
 * POST invite. An e-mail whose account never accepted its invitation gets a fresh one (the
 * account stays as it is); an account in use is `emailTaken`.
 */
export async function inviteAccount(ctx: Ctx, actor: AuthUser, body: InviteInput) {
  const target = await inviteTarget(ctx, actor, body);
  if (body.access_request !== undefined) {
    const request = await repo.findAccessRequest(ctx.db, body.access_request);
    if (!request) throw notFound(MSG.accessRequestNotFound);
    if (request.status !== 'PENDING')
      throw badRequest(ERROR_CODES.accessRequestNotPending, MSG.accessRequestNotPending);
  }
  const after = acceptRequest(actor, body.access_request);
  const existing = await repo.findUserByEmail(ctx.db, body.email);
  if (!existing) {
    return openAccount(
      ctx,
      actor,
      {
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone,
        role: body.role,
        ...target,
      },
      after,
    );
  }
  // A manager may re-invite only its own company's people.
  const foreign = actor.role === 'BUSINESS_MANAGER' && existing.companyId !== actor.companyId;
  if (existing.hasPassword || foreign) throw emailTaken();
  const invitedBy = { id: actor.id, name: await inviterName(ctx, actor) };
  const row = (await repo.findUser(ctx.db, existing.id))!;
  return ctx.db.transaction(async (tx) => {
    const invitation = await sendInvitation(tx, ctx, invitedBy, row.user, row.company);
    await after?.(tx, row.user);
    return { user: row, invitation };
  });
}

export async function invite(ctx: Ctx, actor: AuthUser, body: InviteInput) {
  const { user, invitation } = await inviteAccount(ctx, actor, body);
  return {
    id: invitation.id,
    user_id: user.user.id,
    email: user.user.email,
    role: roleOf(user.user),
    company: user.company,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/** The invitation behind a link, or why it cannot be used. */
async function usableInvitation(ctx: Ctx, uuid: string) {
  const found = await repo.findInvitation(ctx.db, uuid);
  if (!found?.user.isActive) {
    throw new AppError(404, ERROR_CODES.invitationInvalid, MSG.invitationInvalid);
  }
  // A password set another way (a reset link) also ends the invitation.
  if (found.invitation.acceptedAt || found.user.hasPassword) {
    throw badRequest(ERROR_CODES.invitationUsed, MSG.invitationUsed);
  }
  if (found.invitation.expiresAt.getTime() <= Date.now()) {
    throw badRequest(ERROR_CODES.invitationExpired, MSG.invitationExpired);
  }
  return found;
}

export async function invitationInfo(ctx: Ctx, uuid: string): Promise<InvitationInfo> {
  const { invitation, user, company } = await usableInvitation(ctx, uuid);
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: roleOf(user),
    company_name: company?.name ?? null,
    expires_at: iso(invitation.expiresAt)!,
  };
}

/** Sets the password and signs in. Single use even when two requests race (conditional update). */
export async function acceptInvitation(ctx: Ctx, uuid: string, body: AcceptInvitationBody) {
  const { invitation, user } = await usableInvitation(ctx, uuid);
  const passwordHash = await hashPassword(body.new_password);
  const { token, hash } = newToken();
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.claimInvitation(tx, invitation.id, now))) {
      throw badRequest(ERROR_CODES.invitationUsed, MSG.invitationUsed);
    }
    await repo.updateUser(tx, user.id, {
      passwordHash,
      hasPassword: true,
      requirePasswordReset: false,
      lastLoginAt: now,
    });
    await repo.insertToken(tx, user.id, hash);
  });
  return { token };
}
