/**
 * The regimes a facility may release under, by name: adding one is adding its module here and its catalogue entries
 * (docs/running.md). The default is the German one, which every facility had before it kept settings.
 */
import { DE_STRLSCHV_2018 } from './de-strlschv-2018';
import type { Regime, RegimeName } from './regime';
import { US_NRC_10CFR35 } from './us-nrc-10cfr35';

export type { Regime, RegimeName } from './regime';
export { REGIME_NAMES } from './regime';

export const REGIMES: Readonly<Record<RegimeName, Regime>> = {
  DE_STRLSCHV_2018,
  US_NRC_10CFR35,
};

export const DEFAULT_REGIME: Regime = DE_STRLSCHV_2018;

/** The regime a release type belongs to (a register line's retention follows it); the default for an unknown one. */
export const regimeOfType = (type: string): Regime =>
  Object.values(REGIMES).find((r) => r.releaseTypes.includes(type)) ?? DEFAULT_REGIME;

/** Every release type of every regime. */
export const ALL_RELEASE_TYPES = Object.values(REGIMES).flatMap((r) => r.releaseTypes);
