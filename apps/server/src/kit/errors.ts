import { type ApiError, ERROR_CODES, MSG } from '@cab/shared';

/** An error that becomes the one API error shape { code, message, extra?, fields? }. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }

  toBody(): ApiError {
    return {
      code: this.code,
      message: this.message,
      ...(this.extra ? { extra: this.extra } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

export const badRequest = (code: string, message: string, fields?: Record<string, string[]>) =>
  new AppError(400, code, message, undefined, fields);
/** A 400 about one field, shown on that field by the web form. */
export const fieldError = (code: string, field: string, message: string) =>
  new AppError(400, code, message, undefined, { [field]: [message] });
export const notAuthenticated = () => new AppError(401, ERROR_CODES.notAuthenticated, MSG.notAuthenticated);
export const permissionDenied = () => new AppError(403, ERROR_CODES.permissionDenied, MSG.permissionDenied);
export const notFound = (message: string = MSG.notFound) => new AppError(404, ERROR_CODES.notFound, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.rateLimited, message, { retry_after: retryAfterSeconds });
/** 400 with `fields` (messages shown on the form's fields); the message is the first of them. */
export function fieldErrors(fields: Record<string, string[]>): AppError {
  const first = Object.values(fields)[0]?.[0];
  return badRequest(ERROR_CODES.validation, first ?? MSG.validationFailed, fields);
}
/** 405: the endpoint exists but refuses this resource (e.g. adding a finished side). */
export const methodNotAllowed = (message: string) => new AppError(405, 'method_not_allowed', message);
