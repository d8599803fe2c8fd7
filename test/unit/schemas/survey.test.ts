/** shared/schemas/survey.ts: the body of a decay-in-storage survey. */
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import { surveyCreateSchema, surveyMembers } from '../../../shared/schemas/survey';
import { refusal } from '../../support/body';

const body = {
  InstrumentUuid: '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10',
  SurveyedAt: '2026-11-20 08:00:00',
  Scale: 'x0.1',
  NoShielding: true,
  Unit: 'CPM',
  Background: { Reading: 50, CountingTimeMinutes: 1 },
  Surface: { Reading: 52, CountingTimeMinutes: 1 },
};

describe('a survey body', () => {
  it('takes the meter, the time, the scale, no shielding and both readings in one unit', () => {
    expect(parseBody(surveyCreateSchema, body, surveyMembers).value).toEqual(body);
  });

  it('refuses shielding, a negative reading, an unknown unit, a reading member it does not know', () => {
    expect(refusal(surveyCreateSchema, { ...body, NoShielding: false }, surveyMembers)).toEqual([
      'NoShielding: must be true: the survey is taken with no shielding interposed (10 CFR 35.92(a)(1))',
    ]);
    expect(refusal(surveyCreateSchema, { ...body, Surface: { Reading: -1 } }, surveyMembers)[0]).toMatch(
      /^Surface.Reading: /,
    );
    expect(refusal(surveyCreateSchema, { ...body, Unit: 'mR/h' }, surveyMembers)[0]).toMatch(/^Unit: must be one of/);
    expect(refusal(surveyCreateSchema, { ...body, Surface: { Reading: 1, Counts: 2 } }, surveyMembers)[0]).toMatch(
      /Counts/,
    );
  });
});
