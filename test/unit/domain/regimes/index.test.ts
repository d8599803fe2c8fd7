/** shared/domain/regimes/index.ts: the regimes by name, and the regime a booked release type belongs to. */
import { describe, expect, it } from 'vitest';
import { keptUntilFor } from '../../../../shared/domain/register-chain';
import {
  ALL_RELEASE_TYPES,
  DEFAULT_REGIME,
  REGIME_NAMES,
  REGIMES,
  regimeOfType,
} from '../../../../shared/domain/regimes';

describe('the regimes', () => {
  it('are one module each, by their name; the German one is the default', () => {
    for (const name of REGIME_NAMES) expect(REGIMES[name].name).toBe(name);
    expect(DEFAULT_REGIME.name).toBe('DE_STRLSCHV_2018');
  });

  it('book types of their own, so a register line’s type names its regime and its retention', () => {
    expect(new Set(ALL_RELEASE_TYPES).size).toBe(ALL_RELEASE_TYPES.length);
    expect(regimeOfType('DECAY_IN_STORAGE').name).toBe('US_NRC_10CFR35');
    expect(regimeOfType('SPECIFIC_LANDFILL').name).toBe('DE_STRLSCHV_2018');
    // A line booked before the disposal routes were told apart is German.
    expect(regimeOfType('SPECIFIC_DISPOSAL').name).toBe('DE_STRLSCHV_2018');
    const at = new Date('2026-11-20T08:00:00Z');
    expect(keptUntilFor('DECAY_IN_STORAGE', at).toISOString()).toBe('2029-11-20T08:00:00.000Z');
    expect(keptUntilFor('UNRESTRICTED', at).toISOString()).toBe('2056-11-20T08:00:00.000Z');
  });

  it('name members of the release only one of them knows', () => {
    const german = REGIMES.DE_STRLSCHV_2018.releaseMembers;
    expect(german).toContain('ClearanceNoticeUuid');
    expect(REGIMES.US_NRC_10CFR35.releaseMembers.filter((m) => german.includes(m))).toEqual([]);
  });

  it('require of the release only members of their own: the German one its clearance notice', () => {
    expect(REGIMES.DE_STRLSCHV_2018.requiredMembers).toEqual(['ClearanceNoticeUuid']);
    expect(REGIMES.US_NRC_10CFR35.requiredMembers).toEqual([]);
    for (const regime of Object.values(REGIMES))
      expect(regime.requiredMembers.filter((m) => !regime.releaseMembers.includes(m))).toEqual([]);
  });
});
