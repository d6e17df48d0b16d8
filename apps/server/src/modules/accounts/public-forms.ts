import type { Db } from '@cab/db';
import { MSG, PUBLIC_FORM_LIMIT_PER_HOUR } from '@cab/shared';
import { tooManyRequests } from '../../http/errors.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';

/**
 * Public forms (access request, forgotten password) send e-mail to whatever address is typed:
 * each form is limited per e-mail and per client address, per hour, so it cannot be used to
 * flood someone's mailbox. Both counters advance on every attempt.
 */
export async function limitPublicForm(db: Db, form: string, email: string, ip: string) {
  const retryAfter = Math.max(
    await hitRateLimit(db, `${form}:email:${email}`, PUBLIC_FORM_LIMIT_PER_HOUR, 3600),
    await hitRateLimit(db, `${form}:ip:${ip}`, PUBLIC_FORM_LIMIT_PER_HOUR, 3600),
  );
  if (retryAfter > 0) throw tooManyRequests(MSG.publicFormRateLimited, retryAfter);
}
