/**
 * shared/schemas/book-fields.ts through parseBody: the members the material book and its licence share. An activity is
 * a number more than 0 and less than 10^15 Bq (1e999 in JSON is Infinity: refused); a nuclide is one the service
 * knows, spelled as its catalogue spells it.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { KNOWN_NUCLIDES } from '../../../shared/domain/nuclides';
import { parseBody } from '../../../shared/schemas/body';
import { activityBq, MAX_ACTIVITY_BQ, nuclide } from '../../../shared/schemas/book-fields';
import { refusal } from '../../support/body';

const body = v.strictObject({ Nuclide: nuclide, ActivityBq: activityBq });
const members = { writable: ['Nuclide', 'ActivityBq'], readOnly: [] };

describe('an activity in Bq', () => {
  it('is more than 0 and less than 10^15 Bq', () => {
    expect(MAX_ACTIVITY_BQ).toBe(1e15);
    for (const activity of [Number.MIN_VALUE, 1, 1.85e9, 9.99e14])
      expect(parseBody(body, { Nuclide: 'F-18', ActivityBq: activity }, members).value.ActivityBq).toBe(activity);
    for (const activity of [0, -1, MAX_ACTIVITY_BQ, 2e15, JSON.parse('1e999')])
      expect(refusal(body, { Nuclide: 'F-18', ActivityBq: activity }, members), String(activity)).toEqual([
        'ActivityBq: must be more than 0 and less than 10^15 Bq',
      ]);
  });

  it('is a number, not a text that reads as one', () => {
    expect(refusal(body, { Nuclide: 'F-18', ActivityBq: '1e9' }, members)).toEqual(['ActivityBq: must be a number']);
  });
});

describe('a nuclide', () => {
  it('is one the service knows, as its catalogue spells it', () => {
    expect(KNOWN_NUCLIDES).toContain('Ge-68');
    for (const known of KNOWN_NUCLIDES)
      expect(parseBody(body, { Nuclide: known, ActivityBq: 1 }, members).value.Nuclide).toBe(known);
    for (const unknown of ['Xx-1', 'f-18', 'F18', 'F-18 ', ''])
      expect(refusal(body, { Nuclide: unknown, ActivityBq: 1 }, members)[0], unknown).toBe(
        `Nuclide: must be one of ${KNOWN_NUCLIDES.join(', ')}`,
      );
  });
});
