/** shared/errors.ts: an error meant for the client, in the shape Middy's error handler exposes. */
import { describe, expect, it } from 'vitest';
import { AppError, badRequest, conflict, notFound } from '../../shared/errors';

describe('AppError and its helpers', () => {
  it('carries the status, the catalogue message and is exposed to the client', () => {
    const error = new AppError(412, 'request.precondition_failed', {
      details: [{ key: 'detail.if_match', params: { value: '"x"' } }],
    });
    expect([error.statusCode, error.expose, error.message, error.name]).toEqual([
      412,
      true,
      'request.precondition_failed',
      'AppError',
    ]);
    expect(error.notification).toEqual({
      key: 'request.precondition_failed',
      details: [{ key: 'detail.if_match', params: { value: '"x"' } }],
    });
  });

  it('400 with one detail line per field, 404 and 409 with their messages', () => {
    expect(badRequest([{ key: 'detail.required', params: { field: 'Name' } }]).notification).toEqual({
      key: 'request.invalid',
      details: [{ key: 'detail.required', params: { field: 'Name' } }],
    });
    expect([notFound('container.not_found').statusCode, notFound('container.not_found').notification.key]).toEqual([
      404,
      'container.not_found',
    ]);
    expect(conflict('container.read_only', { state: 'DISPOSED' }).notification).toEqual({
      key: 'container.read_only',
      params: { state: 'DISPOSED' },
    });
  });
});
