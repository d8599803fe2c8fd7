/** shared/schemas/settings.ts: the PUT body of a facility's settings. */
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import { settingsMembers, settingsUpdateSchema } from '../../../shared/schemas/settings';
import { refusal } from '../../support/body';

describe('a settings body', () => {
  it('takes a regime, an IANA time zone and a language, each optional', () => {
    const body = { Regime: 'US_NRC_10CFR35', TimeZone: 'America/Chicago', RecordLanguage: 'en' };
    expect(parseBody(settingsUpdateSchema, body, settingsMembers).value).toEqual(body);
    expect(parseBody(settingsUpdateSchema, {}, settingsMembers).value).toEqual({});
  });

  it('refuses an unknown regime, a time zone that is none, a member it does not know', () => {
    expect(refusal(settingsUpdateSchema, { Regime: 'FR_2019' }, settingsMembers)[0]).toMatch(/^Regime: must be one of/);
    expect(refusal(settingsUpdateSchema, { TimeZone: 'Mars/Olympus' }, settingsMembers)).toEqual([
      'TimeZone: must be an IANA time zone (e.g. America/Chicago)',
    ]);
    expect(refusal(settingsUpdateSchema, { Holder: 'x' }, settingsMembers)).toEqual(['Holder: unknown member']);
  });
});
