/**
 * shared/schemas/container.ts through parseBody (shared/schemas/body.ts): the container bodies and their 400 details.
 */
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import { containerCreateSchema, containerMembers, containerUpdateSchema } from '../../../shared/schemas/container';
import { refusal } from '../../support/body';

describe('container bodies', () => {
  const fail = (schema: typeof containerCreateSchema | typeof containerUpdateSchema, body: unknown) =>
    refusal(schema, body, containerMembers);

  it('requires Name on create only', () => {
    expect(fail(containerCreateSchema, {})).toEqual(['Name: is required']);
    expect(parseBody(containerUpdateSchema, {}, containerMembers).value).toEqual({});
  });

  it('gives one detail line per offending field', () => {
    expect(
      fail(containerCreateSchema, {
        Name: 'x'.repeat(129),
        Weight: -0.5,
        State: 'LOST',
        MeasurementDate: '2026-02-30 08:00:00',
        MeasuredBy: 'x'.repeat(37),
        IsReleasedByRadiationProtectionOfficer: 'yes',
        MeasurementFactor: '2',
      }),
    ).toEqual([
      'State: must be one of OPEN, DECAY, RELEASE_DATE_REACHED, DISPATCHED, DISPOSED',
      'Name: must have at most 128 characters',
      'Weight: must be a finite number, zero or more',
      'MeasurementFactor: must be a number',
      'MeasurementDate: must be a real UTC date and time as YYYY-MM-DD HH:MM:SS',
      'MeasuredBy: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
      'IsReleasedByRadiationProtectionOfficer: must be true or false',
    ]);
  });

  it('counts characters, not UTF-16 units (128 emoji fit)', () => {
    expect(parseBody(containerCreateSchema, { Name: '🧪'.repeat(128) }, containerMembers).value.Name).toHaveLength(256);
    expect(fail(containerCreateSchema, { Name: '🧪'.repeat(129) })).toEqual(['Name: must have at most 128 characters']);
  });

  it('refuses null for non-nullable fields and accepts it for nullable ones', () => {
    expect(fail(containerUpdateSchema, { Name: null, State: null })).toEqual([
      'State: must not be null',
      'Name: must not be null',
    ]);
    expect(parseBody(containerUpdateSchema, { Weight: null, MeasuredBy: null }, containerMembers).value).toEqual({
      Weight: null,
      MeasuredBy: null,
    });
  });

  it('refuses unknown members and bodies that are not objects; ignores read-only members', () => {
    expect(fail(containerCreateSchema, { Name: 'a', Colour: 'red' })).toEqual(['Colour: unknown member']);
    expect(fail(containerCreateSchema, [])).toEqual(['The body must be a JSON object']);
    expect(fail(containerCreateSchema, 'text')).toEqual(['The body must be a JSON object']);
    const parsed = parseBody(containerCreateSchema, { Name: 'a', Uuid: 'mine', DispatchId: 'x' }, containerMembers);
    expect(parsed).toEqual({ value: { Name: 'a' }, ignored: ['Uuid', 'DispatchId'] });
  });
});
