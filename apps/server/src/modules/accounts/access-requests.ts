import {
  type AccessRequest,
  type accessRequestBodySchema,
  type accessRequestQuerySchema,
  ERROR_CODES,
  MSG,
} from '@cab/shared';
import type { z } from 'zod';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, fieldError, notFound } from '../../http/errors.ts';
import { enqueueTemplate } from '../email/outbox.ts';
import { appData, type Ctx, emailTaken, fullName, iso, userData } from './common.ts';
import { inviteAccount } from './invitations.ts';
import { limitPublicForm } from './public-forms.ts';
import * as repo from './repository.ts';

const toAccessRequest = (r: repo.AccessRequestRow): AccessRequest => ({
  id: r.id,
  email: r.email,
  first_name: r.firstName,
  last_name: r.lastName,
  full_name: fullName(r),
  phone: r.phone,
  account_type: r.accountType,
  company_name: r.companyName,
  message: r.message,
  status: r.status,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
  decided_at: iso(r.decidedAt),
});

/**
 * POST request_access/send (public). An e-mail that already has an account is told so (field
 * error emailTaken): the visitor should sign in or reset the password instead, and the rate
 * limit keeps this from being used to list accounts in bulk.
 */
export async function send(ctx: Ctx, body: z.output<typeof accessRequestBodySchema>, ip: string) {
  await limitPublicForm(ctx.db, 'access_request', body.email, ip);
  if (await repo.findUserByEmail(ctx.db, body.email)) throw emailTaken();
  if (await repo.pendingAccessRequestFor(ctx.db, body.email)) {
    throw fieldError(ERROR_CODES.validation, 'email', MSG.accessRequestPendingExists);
  }
  await ctx.db.transaction(async (tx) => {
    const row = await repo.insertAccessRequest(tx, {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      phone: body.phone,
      accountType: body.account_type,
      companyName: body.account_type === 'B' ? body.company_name : '',
      message: body.message,
    });
    await enqueueTemplate(tx, 'access_request_received', row.email, { user: userData(row), app: appData(ctx.config) });
  });
  return { detail: MSG.accessRequestSent };
}

export async function list(ctx: Ctx, q: z.output<typeof accessRequestQuerySchema>) {
  const { rows, total } = await repo.accessRequestPage(ctx.db, {
    page: q.page,
    pageSize: q.page_size,
    search: q.search || undefined,
    status: q.status,
  });
  return { results: rows.map(toAccessRequest), total };
}

async function pendingRequest(ctx: Ctx, id: number) {
  const row = await repo.findAccessRequest(ctx.db, id);
  if (!row) throw notFound(MSG.accessRequestNotFound);
  if (row.status !== 'PENDING') throw badRequest(ERROR_CODES.accessRequestNotPending, MSG.accessRequestNotPending);
  return row;
}

/** Opens the account exactly as POST invite would: P a personal customer, B a new company with the requester as manager. */
export async function accept(ctx: Ctx, actor: AuthUser, id: number) {
  const r = await pendingRequest(ctx, id);
  await inviteAccount(ctx, actor, {
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    phone: r.phone,
    role: r.accountType === 'B' ? 'BUSINESS_MANAGER' : 'PERSONAL',
    company_name: r.accountType === 'B' ? r.companyName : undefined,
    access_request: r.id,
  });
  return toAccessRequest((await repo.findAccessRequest(ctx.db, id))!);
}

export async function reject(ctx: Ctx, actor: AuthUser, id: number, reason: string) {
  await pendingRequest(ctx, id);
  const row = await ctx.db.transaction(async (tx) => {
    const decided = await repo.decideAccessRequest(tx, id, {
      status: 'REJECTED',
      reason,
      decidedBy: actor.id,
      decidedAt: new Date(),
    });
    if (!decided) throw badRequest(ERROR_CODES.accessRequestNotPending, MSG.accessRequestNotPending);
    await enqueueTemplate(tx, 'access_request_rejected', decided.email, {
      user: userData(decided),
      app: appData(ctx.config),
      reason,
    });
    return decided;
  });
  return toAccessRequest(row);
}
