import { ERROR_CODES, INVOICE_CODES, INVOICE_TEXT, MSG } from '@cab/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { AppError } from '../kit/errors.ts';

/**
 * A Stripe error inside one of our calls is ours to answer, never Stripe's status passed through
 * (a 404 of Stripe's became the app's "Not found" page): Stripe unreachable, failing or refusing
 * our key is 502 `stripe_unavailable`; a request Stripe refused is 400 `stripe_refused`.
 */
function stripeFailure(err: InstanceType<typeof Stripe.errors.StripeError>): AppError {
  const status = err.statusCode ?? 0;
  if (err instanceof Stripe.errors.StripeCardError) {
    return new AppError(400, INVOICE_CODES.stripeRefused, err.message || INVOICE_TEXT.stripeRefused);
  }
  if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
    return new AppError(400, INVOICE_CODES.stripeRefused, INVOICE_TEXT.stripeRefused);
  }
  return new AppError(502, INVOICE_CODES.stripeUnavailable, INVOICE_TEXT.stripeUnavailable);
}

/** Every failure leaves the API as { code, message, extra?, fields? } (SPEC 8). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status === 429 && err.extra?.retry_after) reply.header('retry-after', String(err.extra.retry_after));
      return reply.code(err.status).send(err.toBody());
    }
    if (err instanceof Stripe.errors.StripeError) {
      req.log.warn({ err }, 'Stripe error');
      const mapped = stripeFailure(err);
      return reply.code(mapped.status).send(mapped.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[name] = [...(fields[name] ?? []), issue.message ?? MSG.validationFailed];
      }
      return reply.code(400).send({ code: ERROR_CODES.validation, message: MSG.validationFailed, fields });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ code: ERROR_CODES.payloadTooLarge, message: MSG.payloadTooLarge });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({ code: err.code?.toLowerCase() ?? 'bad_request', message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      code: ERROR_CODES.internal,
      message: MSG.internalError,
      extra: { transaction_id: req.id },
    });
  });
}
