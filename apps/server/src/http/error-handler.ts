import { ERROR_CODES, MSG } from '@cab/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../kit/errors.ts';

/** Every failure leaves the API as { code, message, extra?, fields? } (SPEC 8). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status === 429 && err.extra?.retry_after) reply.header('retry-after', String(err.extra.retry_after));
      return reply.code(err.status).send(err.toBody());
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
