import { type accessRequestBodySchema, type accessRequestQuerySchema, ERROR_CODES, MSG, toPaged } from '@cab/shared';
import type { z } from 'zod';
import type { Ctx, PublicCtx } from '../../kit/context.ts';
import { badRequest, fieldError, notFound } from '../../kit/errors.ts';
import { pageWindow } from '../../kit/list.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { findUserByEmail } from '../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../email/index.ts';
import { emailTaken, toAccessRequest } from './common.ts';
import { inviteAccount } from './invitations.ts';
import { limitPublicForm } from './public-forms.ts';
import * as repo from './repository.ts';

/**
 * POST request_access/send (public). An e-mail that already has an account is told so (field
 * error emailTaken): the visitor should sign in or reset the password instead, and the rate
 * limit keeps this from being used to list accounts in bulk.
 */
export async function send(ctx: PublicCtx, body: z.output<typeof accessRequestBodySchema>, ip: string) {
  await limitPublicForm(ctx, 'access_request', body.email, ip);
  if (await findUserByEmail(ctx.db, body.email)) throw emailTaken();
  if (await repo.pendingAccessRequestFor(ctx.db, body.email)) {
    throw fieldError(ERROR_CODES.validation, 'email', MSG.accessRequestPendingExists);
  }
  await transaction(ctx, async (tx) => {
    const row = await repo.insertAccessRequest(tx.db, {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      phone: body.phone,
      accountType: body.account_type,
      companyName: body.account_type === 'B' ? body.company_name : '',
      message: body.message,
    });
    await enqueueTemplate(tx, 'access_request_received', row.email, { user: userData(row), app: appData(ctx.config) });
    await audit(tx, { entity: 'access_request', id: row.id, action: 'create', after: toAccessRequest(row) });
  });
  return { detail: MSG.accessRequestSent };
}

export async function list(ctx: Ctx, q: z.output<typeof accessRequestQuerySchema>) {
  const filter = { search: q.search || undefined, status: q.status };
  return toPaged(await repo.accessRequestPage(ctx.db, filter, pageWindow(q)), toAccessRequest);
}

async function pendingRequest(ctx: Ctx, id: number) {
  const row = await repo.findAccessRequest(ctx.db, id);
  if (!row) throw notFound(MSG.accessRequestNotFound);
  if (row.status !== 'PENDING') throw badRequest(ERROR_CODES.accessRequestNotPending, MSG.accessRequestNotPending);
  return row;
}

/** Opens the account exactly as POST invite would: P a personal customer, B a new company with the requester as manager. */
export async function accept(ctx: Ctx, id: number) {
  const r = await pendingRequest(ctx, id);
  await inviteAccount(ctx, {
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

export async function reject(ctx: Ctx, id: number, reason: string) {
  const before = await pendingRequest(ctx, id);
  const row = await transaction(ctx, async (tx) => {
    const decided = await repo.decideAccessRequest(tx.db, id, {
      status: 'REJECTED',
      reason,
      decidedBy: ctx.actor.id,
      decidedAt: new Date(),
    });
    if (!decided) throw badRequest(ERROR_CODES.accessRequestNotPending, MSG.accessRequestNotPending);
    await enqueueTemplate(tx, 'access_request_rejected', decided.email, {
      user: userData(decided),
      app: appData(ctx.config),
      reason,
    });
    await audit(tx, {
      entity: 'access_request',
      id,
      action: 'reject',
      before: toAccessRequest(before),
      after: toAccessRequest(decided),
    });
    return decided;
  });
  return toAccessRequest(row);
}
