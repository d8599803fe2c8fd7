import type { Detail, NotificationSpec } from './i18n/translate';
import type { MessageKey, Params } from './i18n/messages';

/**
 * An error meant for the client: an HTTP status and a catalogue message. It has the shape Middy's
 * http-error-handler expects (`statusCode`, `expose`), and carries no AWS or HTTP-library import so
 * the domain rules can throw it.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly expose = true;
  readonly notification: NotificationSpec;

  constructor(statusCode: number, key: MessageKey, options: { params?: Params; details?: Detail[] } = {}) {
    super(key);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.notification = { key, ...options };
  }
}

export const badRequest = (details: Detail[]) => new AppError(400, 'request.invalid', { details });
/** 400 naming each breach of a record's rules, if there is any. */
export function refuseBreaches(details: Detail[]): void {
  if (details.length) throw badRequest(details);
}
export const notFound = (key: MessageKey) => new AppError(404, key);
export const conflict = (key: MessageKey, params?: Params, details?: Detail[]) =>
  new AppError(409, key, { ...(params ? { params } : {}), ...(details ? { details } : {}) });
/** A 409 whose details name each thing in the way (no parameters of its own). */
export const conflictOver = (key: MessageKey, details: Detail[]) => conflict(key, {}, details);
