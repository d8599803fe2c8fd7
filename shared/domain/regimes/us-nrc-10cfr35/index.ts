/**
 * The US regime (10 CFR 35.92, 35.2092, 20.1904; Agreement States copy them): decay-in-storage. Only material of a
 * physical half-life of at most 120 days may be held for decay; it is disposed of without regard to its radioactivity
 * once a survey at the container's surface, with an appropriate survey meter on its most sensitive scale and no
 * shielding interposed, cannot tell it from background (shared/domain/regimes/us-nrc-10cfr35/survey.ts); the
 * radiation labels are removed or obliterated before (35.92(a)(3)); the record is kept 3 years (35.2092). Its release
 * date is predicted conservatively: ten half-lives of each content's nuclide (and entered impurity) after its
 * activity's reference time, the latest of them (about a thousandth of the activity left).
 */
import type { Detail } from '../../../i18n/translate';
import type { ContentLink } from '../../container-contents';
import { HALF_LIVES } from '../../decay';
import { US_LABEL_WORDS } from '../../label';
import { US_REGISTER_MEMBERS } from '../../release-register';
import { DECAY_IN_STORAGE } from '../../release-types';
import { formatTimestamp, parseTimestamp } from '../../time';
import type { Regime } from '../regime';

/** 10 CFR 35.92(a): "a physical half-life of less than or equal to 120 days". */
export const MAX_HALF_LIFE_DAYS = 120;
/** The conservative hold: ten half-lives of the longest-lived nuclide leave 2^-10 ≈ 0.1 % of its activity. */
export const HOLD_HALF_LIVES = 10;
/** 10 CFR 35.2092: the records of decay-in-storage are kept 3 years. */
export const US_RETENTION_YEARS = 3;

const DAY_S = 86_400;

/** Every nuclide a content brings: its own and its entered impurities'. */
const nuclidesOf = (link: ContentLink) => [link.nuclide, ...(link.impurities ?? []).map((i) => i.nuclide)];

/** The contents that keep a container from decay-in-storage: none, or a nuclide of unknown or too long a half-life. */
export function ineligibleContents(links: readonly ContentLink[]): Detail[] {
  if (!links.length) return [{ key: 'detail.contents_required', params: { days: MAX_HALF_LIFE_DAYS } }];
  return links.flatMap((link) =>
    nuclidesOf(link).flatMap((nuclide): Detail[] => {
      const halfLife = HALF_LIVES[nuclide];
      if (halfLife === undefined) return [{ key: 'detail.half_life_unknown', params: { content: link.id, nuclide } }];
      if (halfLife <= MAX_HALF_LIFE_DAYS * DAY_S) return [];
      const days = Math.round((halfLife / DAY_S) * 10) / 10;
      return [
        { key: 'detail.half_life_too_long', params: { content: link.id, nuclide, days, limit: MAX_HALF_LIFE_DAYS } },
      ];
    }),
  );
}

/**
 * The latest of each content's reference time (else the closing measurement's date) plus ten half-lives of each of
 * its nuclides; null when a content has no time or a nuclide no known half-life.
 */
export function tenHalfLives(container: { MeasurementDate: string | null }, links: readonly ContentLink[]) {
  if (!links.length) return null;
  let latest = -Infinity;
  for (const link of links) {
    const from = parseTimestamp(link.activityDateTime ?? container.MeasurementDate ?? '');
    if (!from) return null;
    for (const nuclide of nuclidesOf(link)) {
      const halfLife = HALF_LIVES[nuclide];
      if (halfLife === undefined) return null;
      latest = Math.max(latest, from.getTime() + Math.ceil(HOLD_HALF_LIVES * halfLife) * 1000);
    }
  }
  return formatTimestamp(new Date(latest));
}

export const US_NRC_10CFR35: Regime = {
  name: 'US_NRC_10CFR35',
  law: '10 CFR Part 35',
  defaultTimeZone: 'America/New_York',
  defaultLanguage: 'en',
  releaseTypes: [DECAY_IN_STORAGE],
  evidence: 'SURVEY',
  releaseMembers: ['SurveyUuid'],
  requiredMembers: [],
  ineligible: ineligibleContents,
  predictRelease: (container, links) => tenHalfLives(container, links),
  gate: 'DECAY_TIME',
  labels: 'BEFORE_RELEASE',
  retentionYears: US_RETENTION_YEARS,
  registerMembers: US_REGISTER_MEMBERS,
  labelWords: US_LABEL_WORDS,
};
