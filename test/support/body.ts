/** The detail lines (English) of a body parseBody refuses: what a client reads under a 400. */
import type * as v from 'valibot';
import { AppError } from '../../shared/errors';
import { notification } from '../../shared/i18n/translate';
import { parseBody } from '../../shared/schemas/body';

export function refusal(
  schema: v.GenericSchema,
  body: unknown,
  members: { writable: readonly string[]; readOnly: readonly string[] },
): string[] {
  try {
    parseBody(schema, body, members);
  } catch (error) {
    if (error instanceof AppError)
      return (error.notification.details ?? []).map(
        (d) => notification({ key: 'request.invalid', details: [d] }, 'en').Details[0]!,
      );
    throw error;
  }
  throw new Error('expected a 400');
}
