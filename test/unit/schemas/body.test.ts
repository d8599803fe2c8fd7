/** shared/schemas/body.ts: a JSON body sorted into writable, read-only and unknown members; a text query parameter. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseBody, parseQueryText } from '../../../shared/schemas/body';
import { refusal } from '../../support/body';
import { errorOf } from '../../support/errors';

const schema = v.strictObject({
  Name: v.pipe(v.string(), v.maxLength(3, 'detail.max_length:3')),
  Size: v.optional(v.nullable(v.number())),
});
const members = { writable: ['Name', 'Size'], readOnly: ['Uuid', 'CreatedAt'] };

describe('parseBody', () => {
  it('validates the writable members and ignores the read-only ones, naming them', () => {
    expect(parseBody(schema, { Name: 'Box', Uuid: 'u1', CreatedAt: 'x' }, members)).toEqual({
      value: { Name: 'Box' },
      ignored: ['Uuid', 'CreatedAt'],
    });
  });

  it('refuses an unknown member, naming each, before it validates anything', () => {
    expect(refusal(schema, { Name: 'Too long', Colour: 'red', size: 1 }, members)).toEqual([
      'Colour: unknown member',
      'size: unknown member',
    ]);
  });

  it('refuses a body that is not a JSON object', () => {
    for (const body of [null, [], 'Box', 3])
      expect(refusal(schema, body, members)).toEqual(['The body must be a JSON object']);
  });

  it('tells a missing member from a null one from a wrong one, one line per field', () => {
    expect(refusal(schema, {}, members)).toEqual(['Name: is required']);
    expect(refusal(schema, { Name: null }, members)).toEqual(['Name: must not be null']);
    expect(refusal(schema, { Name: 'Boxes' }, members)).toEqual(['Name: must have at most 3 characters']);
  });
});

describe('parseQueryText', () => {
  const upper = v.pipe(v.string('detail.type_string'), v.regex(/^[A-Z]+$/, 'detail.segments'));

  it('gives the valid value, or 400 naming the parameter', () => {
    expect(parseQueryText(upper, { kind: 'ABC' }, 'kind')).toBe('ABC');
    const error = errorOf(() => parseQueryText(upper, { kind: 'abc' }, 'kind'));
    expect(error.statusCode).toBe(400);
    expect(error.notification.details).toEqual([
      { key: 'detail.segments', params: { field: 'kind', requirement: '' } },
    ]);
    expect(errorOf(() => parseQueryText(upper, {}, 'kind')).notification.details).toEqual([
      { key: 'detail.required', params: { field: 'kind' } },
    ]);
  });
});
