import { hashPassword } from '@cab/db';
import { ERROR_CODES, MSG, PASSWORD_RESET_TTL_HOURS, type ResetPasswordBody } from '@cab/shared';
import { hashToken, newToken } from '../../http/auth.ts';
import { fieldError } from '../../http/errors.ts';
import { enqueueTemplate } from '../email/outbox.ts';
import { appData, type Ctx, userData } from './common.ts';
import { limitPublicForm } from './public-forms.ts';
import * as repo from './repository.ts';

const HOUR_MS = 3_600_000;
/**
 * Forget answers no sooner than this, whether the e-mail exists or not, so the time taken does
 * not tell which (the known case writes a row and renders an e-mail).
 */
export const FORGET_MIN_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST password/forget (public): the same answer for every e-mail; a link only to an active account. */
export async function forget(ctx: Ctx, email: string, ip: string) {
  const started = Date.now();
  await limitPublicForm(ctx.db, 'password_forget', email, ip);
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user?.isActive) {
    // The link carries the token; only its SHA-256 is stored, like API tokens.
    const { token, hash } = newToken();
    await ctx.db.transaction(async (tx) => {
      await repo.insertPasswordReset(tx, {
        userId: user.id,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_HOURS * HOUR_MS),
      });
      await enqueueTemplate(tx, 'password_reset', user.email, {
        user: userData(user),
        app: appData(ctx.config),
        link: `${ctx.config.publicUrl}/reset-password?token=${token}`,
        expires_in_hours: PASSWORD_RESET_TTL_HOURS,
      });
    });
  }
  await sleep(Math.max(0, FORGET_MIN_MS - (Date.now() - started)));
  return { detail: MSG.passwordResetSent };
}

const invalidLink = () => fieldError(ERROR_CODES.resetLinkInvalid, 'token', MSG.resetLinkInvalid);

/** POST password/reset: single use; sets the password and signs the user out everywhere. */
export async function reset(ctx: Ctx, body: ResetPasswordBody) {
  const row = await repo.findPasswordReset(ctx.db, hashToken(body.token));
  if (!row || row.usedAt) throw invalidLink();
  if (row.expiresAt.getTime() <= Date.now()) {
    throw fieldError(ERROR_CODES.resetLinkExpired, 'token', MSG.resetLinkExpired);
  }
  const user = await repo.findUser(ctx.db, row.userId);
  if (!user?.user.isActive) throw invalidLink();
  const passwordHash = await hashPassword(body.new_password);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.claimPasswordReset(tx, row.id, now))) throw invalidLink();
    await repo.closeOpenPasswordResets(tx, row.userId, now);
    await repo.updateUser(tx, row.userId, { passwordHash, hasPassword: true, requirePasswordReset: false });
    await repo.deleteTokensOf(tx, row.userId);
  });
  return { detail: MSG.passwordResetDone };
}
