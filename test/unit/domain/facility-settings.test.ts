/** shared/domain/facility-settings.ts: the defaults, a regime's zone and language, the regime held while closed. */
import { describe, expect, it } from 'vitest';
import { changeSettings, defaultSettings, toSettingsModel } from '../../../shared/domain/facility-settings';
import { errorOf } from '../../support/errors';

const tenant = { client: 'c', facility: 'f' };
const T0 = new Date('2026-11-20T08:00:00Z');
const T1 = new Date('2026-11-21T08:00:00Z');

describe('a facility’s settings', () => {
  it('are the German regime’s until changed', () => {
    expect(toSettingsModel(defaultSettings(tenant, T0))).toEqual({
      Regime: 'DE_STRLSCHV_2018',
      TimeZone: 'Europe/Berlin',
      RecordLanguage: 'de',
      CreatedAt: '2026-11-20 08:00:00',
      UpdatedAt: '2026-11-20 08:00:00',
    });
  });

  it('take a new regime with its time zone and language, unless the change names them', () => {
    const first = defaultSettings(tenant, T0);
    expect(changeSettings(first, { Regime: 'US_NRC_10CFR35' }, 0, T1)).toMatchObject({
      Regime: 'US_NRC_10CFR35',
      TimeZone: 'America/New_York',
      RecordLanguage: 'en',
      Version: 2,
      UpdatedAt: '2026-11-21 08:00:00',
    });
    expect(changeSettings(first, { Regime: 'US_NRC_10CFR35', TimeZone: 'America/Denver' }, 0, T1).TimeZone).toBe(
      'America/Denver',
    );
    // The time zone alone changes while containers are closed; nothing changed is no new version.
    expect(changeSettings(first, { TimeZone: 'Europe/Vienna' }, 1, T1)).toMatchObject({ Version: 2 });
    expect(changeSettings(first, { Regime: 'DE_STRLSCHV_2018' }, 1, T1)).toBe(first);
  });

  it('keep their regime while a container is in DECAY or later (409)', () => {
    const error = errorOf(() => changeSettings(defaultSettings(tenant, T0), { Regime: 'US_NRC_10CFR35' }, 1, T1));
    expect([error.statusCode, error.notification.key]).toEqual([409, 'settings.regime_locked']);
  });
});
