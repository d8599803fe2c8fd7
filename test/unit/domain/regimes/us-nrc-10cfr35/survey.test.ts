/** shared/domain/regimes/us-nrc-10cfr35/survey.ts: "indistinguishable from background" as ISO 11929-1 decides. */
import { describe, expect, it } from 'vitest';
import {
  checkAtBackground,
  readingOf,
  readingText,
  SURVEY_K,
  surveyDecision,
} from '../../../../../shared/domain/regimes/us-nrc-10cfr35/survey';
import { notification } from '../../../../../shared/i18n/translate';
import { errorOf } from '../../../../support/errors';

const cpm = (reading: number, minutes: number) => readingOf({ Reading: reading, CountingTimeMinutes: minutes });

describe('the survey decision (k = 1.645)', () => {
  it('counts per minute: the net rate against k·√(R₀/t_g + R₀/t₀)', () => {
    // R₀ = 50 cpm counted 2 min each: ũ(0) = √(25 + 25) = 7.07 cpm, y* = 11.63 cpm.
    const at = surveyDecision('CPM', cpm(50, 2), cpm(61, 2));
    expect(at.DecisionThreshold).toBeCloseTo(SURVEY_K * Math.sqrt(50), 10);
    expect(at).toMatchObject({ NetReading: 11, CoverageFactor: 1.645, AtBackground: true });
    expect(surveyDecision('CPM', cpm(50, 2), cpm(62, 2)).AtBackground).toBe(false);
    // Counting longer narrows the threshold: the same 11 cpm is seen over 10 minutes each.
    expect(surveyDecision('CPM', cpm(50, 10), cpm(61, 10))).toMatchObject({ AtBackground: false });
    // A surface below the background is background.
    expect(surveyDecision('CPM', cpm(50, 1), cpm(40, 1)).AtBackground).toBe(true);
  });

  it('a dose rate: the net reading against k·√2·u₀ of the background', () => {
    const background = readingOf({ Reading: 0.1, StandardUncertainty: 0.01 });
    const threshold = SURVEY_K * Math.SQRT2 * 0.01;
    expect(surveyDecision('USV_PER_H', background, readingOf({ Reading: 0.12 }))).toMatchObject({
      AtBackground: true,
    });
    expect(surveyDecision('USV_PER_H', background, readingOf({ Reading: 0.1 + threshold + 1e-6 })).AtBackground).toBe(
      false,
    );
    expect(readingText('USV_PER_H', 0.12)).toBe('0.12 µSv/h (12 µR/h)');
    expect(readingText('UR_PER_H', 12)).toBe('12 µR/h (0.12 µSv/h)');
  });

  it('needs the counting times, or the background’s uncertainty, its unit asks for (400 naming the member)', () => {
    const missing = errorOf(() => surveyDecision('CPM', readingOf({ Reading: 50 }), cpm(50, 1)));
    expect(notification(missing.notification, 'en').Details).toEqual([
      'Background.CountingTimeMinutes: is required when Unit CPM is given',
    ]);
    const rate = errorOf(() => surveyDecision('UR_PER_H', readingOf({ Reading: 10 }), readingOf({ Reading: 10 })));
    expect(rate.statusCode).toBe(400);
  });

  it('refuses a reading above background with 409 naming both readings', () => {
    const background = cpm(50, 2);
    const surface = cpm(120, 2);
    const error = errorOf(() =>
      checkAtBackground('CPM', background, surface, surveyDecision('CPM', background, surface)),
    );
    expect(error.statusCode).toBe(409);
    expect(notification(error.notification, 'en').LocalizedMessage).toContain(
      'The surface reading 120 cpm can be distinguished from the background 50 cpm: the net reading 70 cpm lies ' +
        'above its decision threshold 11.63 cpm',
    );
  });
});
