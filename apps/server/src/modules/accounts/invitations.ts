import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from '@cab/db';
import {
  type AcceptInvitationBody,
  DAY_MS,
  ERROR_CODES,
  INVITATION_TTL_DAYS,
  type InvitationInfo,
  type inviteBodySchema,
  MSG,
  type Role,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx, PublicCtx } from '../../kit/context.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import { rethrowUnique, transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import * as users from '../auth/index.ts';
import { hashToken, newToken } from '../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../email/index.ts';
import {
  companyFields,
  emailTaken,
  flagsOf,
  fullName,
  roleOf,
  toAccessRequest,
  toAccountUser,
  validationError,
} from './common.ts';
import * as repo from './repository.ts';

/**
 * What the invitations table keeps of a link's uuid: its SHA-256, like every other token, so a
 * copy of the database opens no account. The column is a uuid, so it holds the hash's first
 * 128 bits written as one (the link's 122 random bits cannot be found from them).
 */
function invitationKey(linkUuid: string) {
  const h = hashToken(linkUuid.toLowerCase());
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

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

/** More work in the transaction that opened or re-invited an account (`tx` is its context). */
type AfterCreate = (tx: Ctx, user: users.UserRow) => Promise<void>;

async function inviterName(ctx: Ctx) {
  const row = await users.findUserWithCompany(ctx.db, ctx.actor.id);
  return row ? fullName(row.user) : '';
}

/** An invitation as POST invite answers it and the audit trail records it (never its link's uuid). */
const toInvitation = (invitation: repo.InvitationRow, { user, company }: users.UserWithCompany) => ({
  id: invitation.id,
  user_id: user.id,
  email: user.email,
  role: roleOf(user),
  company,
  expires_at: invitation.expiresAt.toISOString(),
});

/**
 * A fresh invitation (older open ones stop working) and its e-mail, in the caller's transaction
 * so the mail exists exactly when the invitation does.
 */
async function sendInvitation(tx: Ctx, inviter: string, account: users.UserWithCompany) {
  const { user, company } = account;
  await repo.deleteOpenInvitations(tx.db, user.id);
  // The link's secret exists only in the e-mail; the row keeps its hash.
  const linkUuid = randomUUID();
  const invitation = await repo.insertInvitation(tx.db, {
    uuid: invitationKey(linkUuid),
    userId: user.id,
    email: user.email,
    invitedBy: tx.actor.id,
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
  });
  const link = `${tx.config.publicUrl}/invitation/${linkUuid}/accept`;
  await enqueueTemplate(
    tx,
    'invitation',
    user.email,
    {
      user: userData(user),
      // Always the template's full shape: an admin-edited template may name any sample placeholder.
      // No company is null, not '': Liquid treats an empty string as true ("for .").
      company: { name: company?.name ?? null },
      app: appData(tx.config),
      invited_by: inviter,
      link,
      expires_in_days: INVITATION_TTL_DAYS,
    },
    { secrets: [link] },
  );
  await audit(tx, {
    entity: 'invitation',
    id: invitation.id,
    action: 'create',
    after: toInvitation(invitation, account),
  });
  return invitation;
}

/**
 * Opens an account without a usable password (has_password false) and invites its owner:
 * user, company (when new), invitation, e-mail and their audit events are written in one
 * transaction.
 */
export async function openAccount(ctx: Ctx, account: NewAccount, after?: AfterCreate) {
  if (await users.findUserByEmail(ctx.db, account.email)) throw emailTaken();
  // Nobody knows this password; the account is used only after the invitation sets a real one.
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
  const inviter = await inviterName(ctx);
  try {
    return await transaction(ctx, async (tx) => {
      let company: users.CompanyRef = null;
      if (account.newCompany) {
        const created = await repo.insertCompany(tx.db, {
          name: account.newCompany.name,
          phone: account.newCompany.phone ?? '',
          email: account.newCompany.email ?? '',
        });
        await audit(tx, { entity: 'company', id: created.id, action: 'create', after: companyFields(created) });
        company = { id: created.id, name: created.name };
      } else if (account.companyId) {
        const found = await repo.findCompany(tx.db, account.companyId);
        if (!found) throw validationError('company', MSG.companyNotFound);
        company = { id: found.id, name: found.name };
      }
      const user = await users.insertUser(tx.db, {
        email: account.email,
        passwordHash,
        hasPassword: false,
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phone,
        ...flagsOf(account.role),
        companyId: company?.id ?? null,
      });
      const opened = { user, company };
      await audit(tx, { entity: 'user', id: user.id, action: 'create', after: toAccountUser(opened) });
      const invitation = await sendInvitation(tx, inviter, opened);
      await after?.(tx, user);
      return { user: opened, invitation };
    });
  } catch (err) {
    // Two requests for one e-mail at once: the unique index decides.
    rethrowUnique(err, () => emailTaken());
  }
}

type InviteInput = z.output<typeof inviteBodySchema>;

/** Where an invited business user goes: the manager's own company, an existing one, or a new one. */
async function inviteTarget(ctx: Ctx, body: InviteInput): Promise<Partial<NewAccount>> {
  const { actor } = ctx;
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
const acceptRequest = (request: repo.AccessRequestRow | undefined): AfterCreate | undefined =>
  request === undefined
    ? undefined
    : async (tx, user) => {
        const decided = await repo.decideAccessRequest(tx.db, request.id, {
          status: 'ACCEPTED',
          decidedBy: tx.actor.id,
          decidedAt: new Date(),
          userId: user.id,
        });
        if (!decided) throw badRequest(ERROR_CODES.accessRequestNotPending, MSG.accessRequestNotPending);
        await audit(tx, {
          entity: 'access_request',
          id: request.id,
          action: 'accept',
          before: toAccessRequest(request),
          after: toAccessRequest(decided),
        });
      };

/**
 * POST invite. An e-mail whose account never accepted its invitation gets a fresh one (the
 * account stays as it is); an account in use is `emailTaken`.
 */
export async function inviteAccount(ctx: Ctx, body: InviteInput) {
  const target = await inviteTarget(ctx, body);
  let request: repo.AccessRequestRow | undefined;
  if (body.access_request !== undefined) {
    request = await repo.findAccessRequest(ctx.db, body.access_request);
    if (!request) throw notFound(MSG.accessRequestNotFound);
    if (request.status !== 'PENDING')
      throw badRequest(ERROR_CODES.accessRequestNotPending, MSG.accessRequestNotPending);
  }
  const after = acceptRequest(request);
  const existing = await users.findUserByEmail(ctx.db, body.email);
  if (!existing) {
    return openAccount(
      ctx,
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
  const foreign = ctx.actor.role === 'BUSINESS_MANAGER' && existing.companyId !== ctx.actor.companyId;
  if (existing.hasPassword || foreign) throw emailTaken();
  const inviter = await inviterName(ctx);
  const row = (await users.findUserWithCompany(ctx.db, existing.id))!;
  return transaction(ctx, async (tx) => {
    const invitation = await sendInvitation(tx, inviter, row);
    await after?.(tx, row.user);
    return { user: row, invitation };
  });
}

export async function invite(ctx: Ctx, body: InviteInput) {
  const { user, invitation } = await inviteAccount(ctx, body);
  return toInvitation(invitation, user);
}

/** The invitation behind a link, or why it cannot be used. */
async function usableInvitation(ctx: PublicCtx, uuid: string) {
  const found = await repo.findInvitation(ctx.db, invitationKey(uuid));
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

export async function invitationInfo(ctx: PublicCtx, uuid: string): Promise<InvitationInfo> {
  const { invitation, user, company } = await usableInvitation(ctx, uuid);
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: roleOf(user),
    company_name: company?.name ?? null,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/** Sets the password and signs in. Single use even when two requests race (conditional update). */
export async function acceptInvitation(ctx: PublicCtx, uuid: string, body: AcceptInvitationBody) {
  const { invitation, user } = await usableInvitation(ctx, uuid);
  const passwordHash = await hashPassword(body.new_password);
  const { token, hash } = newToken();
  const now = new Date();
  await transaction(ctx, async (tx) => {
    if (!(await repo.claimInvitation(tx.db, invitation.id, now))) {
      throw badRequest(ERROR_CODES.invitationUsed, MSG.invitationUsed);
    }
    await users.updateUser(tx.db, user.id, {
      passwordHash,
      hasPassword: true,
      requirePasswordReset: false,
      lastLoginAt: now,
    });
    await users.insertToken(tx.db, user.id, hash);
    await audit(tx, {
      entity: 'invitation',
      id: invitation.id,
      action: 'accept',
      after: { user_id: user.id, email: user.email, accepted_at: now.toISOString() },
    });
  });
  return { token };
}
