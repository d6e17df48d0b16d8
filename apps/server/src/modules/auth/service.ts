import { dummyPasswordHash, hashPassword, verifyPassword } from '@cab/db';
import { ERROR_CODES, type Me, MSG, type PasswordChangeBody, type PasswordUpdateBody, personName } from '@cab/shared';
import { hitRateLimit } from '../../http/rate-limit.ts';
import type { Ctx, PublicCtx } from '../../kit/context.ts';
import { AppError, badRequest, fieldError, notAuthenticated } from '../../kit/errors.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { sessionOf } from './authenticate.ts';
import * as repo from './repository.ts';
import { newToken } from './tokens.ts';

/**
 * E-mail + password -> a new token. A wrong password and an unknown e-mail get the same answer
 * (and take the same time: the unknown case verifies against a dummy hash).
 */
export async function login(ctx: PublicCtx, input: { email: string; password: string; ip: string }) {
  const perEmail = ctx.config.loginRateLimitPerMinute;
  const retryAfter = Math.max(
    await hitRateLimit(ctx.db, `login:email:${input.email}`, perEmail),
    await hitRateLimit(ctx.db, `login:ip:${input.ip}`, perEmail * 3),
  );
  if (retryAfter > 0) {
    throw new AppError(429, ERROR_CODES.rateLimited, MSG.loginRateLimited, { retry_after: retryAfter });
  }

  const user = await repo.findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.isActive) throw badRequest(ERROR_CODES.invalidCredentials, MSG.invalidCredentials);

  const { token, hash } = newToken();
  await transaction(ctx, async (tx) => {
    await repo.insertToken(tx.db, user.id, hash);
    await repo.updateUser(tx.db, user.id, { lastLoginAt: new Date() });
  });
  return { token };
}

export async function logout(ctx: Ctx) {
  await repo.deleteToken(ctx.db, ctx.actor.tokenId);
  return { detail: 'Signed out' };
}

/**
 * GET /api/users/me/ (read on every page load): from the request's session, which carries these
 * columns and is dropped on every change to them (session-cache.ts); from the database otherwise.
 */
export async function me(ctx: Ctx): Promise<Me> {
  const u = sessionOf(ctx.actor) ?? (await repo.findMe(ctx.db, ctx.actor.id));
  if (!u) throw notAuthenticated();
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: personName(u.firstName, u.lastName),
    account_type: u.accountType,
    is_staff: u.isStaff,
    is_employee: u.isEmployee,
    is_manager: u.isManager,
    is_superuser: u.isSuperuser,
    require_password_reset: u.requirePasswordReset,
    company: u.companyId === null ? null : { id: u.companyId, name: u.companyName ?? '' },
  };
}

/** PUT password/update/: needs the current password; other sessions are signed out. */
export async function updatePassword(ctx: Ctx, body: PasswordUpdateBody) {
  const row = await repo.findUserByEmail(ctx.db, ctx.actor.email);
  if (!row || !(await verifyPassword(body.old_password, row.passwordHash))) {
    throw fieldError(ERROR_CODES.wrongPassword, 'old_password', MSG.wrongCurrentPassword);
  }
  await setPassword(ctx, body.new_password, 'password_update');
  return { detail: MSG.passwordUpdated };
}

/** PATCH password/change/: the forced change of SPEC 4; only while require_password_reset is set. */
export async function changePassword(ctx: Ctx, body: PasswordChangeBody) {
  const row = await repo.findUserByEmail(ctx.db, ctx.actor.email);
  if (!row?.requirePasswordReset) {
    throw badRequest(ERROR_CODES.passwordResetNotRequired, MSG.passwordResetNotRequired);
  }
  if (await verifyPassword(body.new_password, row.passwordHash)) {
    throw fieldError(ERROR_CODES.validation, 'new_password', MSG.passwordSameAsOld);
  }
  await setPassword(ctx, body.new_password, 'password_change');
  return { detail: MSG.passwordUpdated };
}

/** The new password, other sessions signed out; the trail records only that it happened. */
async function setPassword(ctx: Ctx, password: string, action: string) {
  const passwordHash = await hashPassword(password);
  await transaction(ctx, async (tx) => {
    await repo.updateUser(tx.db, ctx.actor.id, { passwordHash, requirePasswordReset: false });
    await repo.deleteOtherTokens(tx.db, ctx.actor.id, ctx.actor.tokenId);
    await audit(tx, { entity: 'user', id: ctx.actor.id, action });
  });
}
