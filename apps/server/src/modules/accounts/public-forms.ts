import { MSG, PUBLIC_FORM_LIMIT_PER_HOUR } from '@cab/shared';
import { hitRateLimit } from '../../http/rate-limit.ts';
import type { PublicCtx } from '../../kit/context.ts';
import { tooManyRequests } from '../../kit/errors.ts';

/**
 * Public forms (access request, forgotten password) send e-mail to whatever address is typed:
 * each form is limited per e-mail and per client address, per hour, so it cannot be used to
 * flood someone's mailbox. Both counters advance on every attempt.
 */
export async function limitPublicForm(ctx: PublicCtx, form: string, email: string, ip: string) {
  const retryAfter = Math.max(
    await hitRateLimit(ctx.db, `${form}:email:${email}`, PUBLIC_FORM_LIMIT_PER_HOUR, 3600),
    await hitRateLimit(ctx.db, `${form}:ip:${ip}`, PUBLIC_FORM_LIMIT_PER_HOUR, 3600),
  );
  if (retryAfter > 0) throw tooManyRequests(MSG.publicFormRateLimited, retryAfter);
}
