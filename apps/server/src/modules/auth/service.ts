import { type Db, dummyPasswordHash, hashPassword, verifyPassword } from '@cab/db';
import { ERROR_CODES, type Me, MSG, type PasswordChangeBody, type PasswordUpdateBody } from '@cab/shared';
import type { AuthUser } from '../../http/auth.ts';
import { newToken } from '../../http/auth.ts';
import { AppError, badRequest, fieldError, notAuthenticated } from '../../http/errors.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';
import * as repo from './repository.ts';

export interface LoginLimits {
  perEmailPerMinute: number;
}

/**
 * E-mail + password -> a new token. A wrong password and an unknown e-mail get the same answer
 * (and take the same time: the unknown case verifies against a dummy hash).
 */
export async function login(db: Db, input: { email: string; password: string; ip: string }, limits: LoginLimits) {
  const retryAfter = Math.max(
    await hitRateLimit(db, `login:email:${input.email}`, limits.perEmailPerMinute),
    await hitRateLimit(db, `login:ip:${input.ip}`, limits.perEmailPerMinute * 3),
  );
  if (retryAfter > 0) {
    throw new AppError(429, ERROR_CODES.rateLimited, MSG.loginRateLimited, { retry_after: retryAfter });
  }

  const user = await repo.findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.isActive) throw badRequest(ERROR_CODES.invalidCredentials, MSG.invalidCredentials);

  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    await repo.insertToken(tx, user.id, hash);
    await repo.updateUser(tx, user.id, { lastLoginAt: new Date() });
  });
  return { token };
}

export async function logout(db: Db, user: AuthUser) {
  await repo.deleteToken(db, user.tokenId);
  return { detail: 'Signed out' };
}

export async function me(db: Db, user: AuthUser): Promise<Me> {
  const row = await repo.findUserWithCompany(db, user.id);
  if (!row) throw notAuthenticated();
  const u = row.user;
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: `${u.firstName} ${u.lastName}`.trim(),
    account_type: u.accountType,
    is_staff: u.isStaff,
    is_employee: u.isEmployee,
    is_manager: u.isManager,
    is_superuser: u.isSuperuser,
    require_password_reset: u.requirePasswordReset,
    company: row.company?.id ? { id: row.company.id, name: row.company.name } : null,
  };
}

/** PUT password/update/: needs the current password; other sessions are signed out. */
export async function updatePassword(db: Db, user: AuthUser, body: PasswordUpdateBody) {
  const row = await repo.findUserByEmail(db, user.email);
  if (!row || !(await verifyPassword(body.old_password, row.passwordHash))) {
    throw fieldError(ERROR_CODES.wrongPassword, 'old_password', MSG.wrongCurrentPassword);
  }
  await setPassword(db, user, body.new_password);
  return { detail: MSG.passwordUpdated };
}

/** PATCH password/change/: the forced change of SPEC 4; only while require_password_reset is set. */
export async function changePassword(db: Db, user: AuthUser, body: PasswordChangeBody) {
  const row = await repo.findUserByEmail(db, user.email);
  if (!row?.requirePasswordReset) {
    throw badRequest(ERROR_CODES.passwordResetNotRequired, MSG.passwordResetNotRequired);
  }
  if (await verifyPassword(body.new_password, row.passwordHash)) {
    throw fieldError(ERROR_CODES.validation, 'new_password', MSG.passwordSameAsOld);
  }
  await setPassword(db, user, body.new_password);
  return { detail: MSG.passwordUpdated };
}

async function setPassword(db: Db, user: AuthUser, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash, requirePasswordReset: false });
    await repo.deleteOtherTokens(tx, user.id, user.tokenId);
  });
}
