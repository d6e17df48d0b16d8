import { hashPassword } from '@cab/db';
import { ERROR_CODES, MSG, PASSWORD_RESET_TTL_HOURS, type ResetPasswordBody } from '@cab/shared';
import type { PublicCtx } from '../../kit/context.ts';
import { fieldError } from '../../kit/errors.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import * as users from '../auth/index.ts';
import { hashToken, newToken } from '../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../email/index.ts';
import { limitPublicForm } from './public-forms.ts';
import * as repo from './repository.ts';

const HOUR_MS = 3_600_000;
/**
 * Forget answers no sooner than this, whether the e-mail exists or not, so the time taken does
 * not tell which (the known case writes a row and renders an e-mail).
 */
const FORGET_MIN_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST password/forget (public): the same answer for every e-mail; a link only to an active account. */
export async function forget(ctx: PublicCtx, email: string, ip: string) {
  const started = Date.now();
  await limitPublicForm(ctx, 'password_forget', email, ip);
  const user = await users.findUserByEmail(ctx.db, email);
  if (user?.isActive) {
    // The link carries the token; only its SHA-256 is stored, like API tokens.
    const { token, hash } = newToken();
    await transaction(ctx, async (tx) => {
      await repo.insertPasswordReset(tx.db, {
        userId: user.id,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_HOURS * HOUR_MS),
      });
      const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
      await enqueueTemplate(
        tx,
        'password_reset',
        user.email,
        { user: userData(user), app: appData(ctx.config), link, expires_in_hours: PASSWORD_RESET_TTL_HOURS },
        { secrets: [link] },
      );
      // Only that a link was asked for: never the link or its token.
      await audit(tx, { entity: 'user', id: user.id, action: 'password_reset_request' });
    });
  }
  await sleep(Math.max(0, FORGET_MIN_MS - (Date.now() - started)));
  return { detail: MSG.passwordResetSent };
}

const invalidLink = () => fieldError(ERROR_CODES.resetLinkInvalid, 'token', MSG.resetLinkInvalid);

/** POST password/reset: single use; sets the password and signs the user out everywhere. */
export async function reset(ctx: PublicCtx, body: ResetPasswordBody) {
  const row = await repo.findPasswordReset(ctx.db, hashToken(body.token));
  if (!row || row.usedAt) throw invalidLink();
  if (row.expiresAt.getTime() <= Date.now()) {
    throw fieldError(ERROR_CODES.resetLinkExpired, 'token', MSG.resetLinkExpired);
  }
  const user = await users.findUserWithCompany(ctx.db, row.userId);
  if (!user?.user.isActive) throw invalidLink();
  const passwordHash = await hashPassword(body.new_password);
  const now = new Date();
  await transaction(ctx, async (tx) => {
    if (!(await repo.claimPasswordReset(tx.db, row.id, now))) throw invalidLink();
    await repo.closeOpenPasswordResets(tx.db, row.userId, now);
    await users.updateUser(tx.db, row.userId, { passwordHash, hasPassword: true, requirePasswordReset: false });
    await users.deleteTokensOf(tx.db, row.userId);
    await audit(tx, { entity: 'user', id: row.userId, action: 'password_reset' });
  });
  return { detail: MSG.passwordResetDone };
}
