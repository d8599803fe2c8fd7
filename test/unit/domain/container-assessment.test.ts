/** shared/domain/container-assessment.ts: a container's release assessment and the gate into RELEASE_DATE_REACHED. */
import { describe, expect, it } from 'vitest';
import {
  assessContainer,
  clearanceReason,
  formatSum,
  predictionGap,
} from '../../../shared/domain/container-assessment';
import { updateContainer } from '../../../shared/domain/container-rules';
import { at, decaying, f18 } from '../../support/boxes';
import { errorOf } from '../../support/errors';

describe('the gate into RELEASE_DATE_REACHED', () => {
  it('into RELEASE_DATE_REACHED only when the assessment at that moment clears: 409 naming the sum', () => {
    const error = errorOf(() =>
      updateContainer(decaying(), { State: 'RELEASE_DATE_REACHED' }, [], at('12:00:00'), { links: f18 }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.notification.key).toBe('container.clearance_not_reached');
    expect(error.notification.details).toEqual([
      { key: 'detail.sum_of_ratios', params: { sum: '2.197', type: 'UNRESTRICTED' } },
      { key: 'detail.prediction', params: { remark: 'decided by F-18 (half-life 1.829 h)' } },
    ]);
    const { next } = updateContainer(decaying(), { State: 'RELEASE_DATE_REACHED' }, [], at('14:04:39'), {
      links: f18,
    });
    expect(next.State).toBe('RELEASE_DATE_REACHED');
  });

  it('unknown is not cleared: missing inputs are named', () => {
    const error = errorOf(() =>
      updateContainer({ ...decaying(), Weight: null }, { State: 'RELEASE_DATE_REACHED' }, [], at('20:00:00'), {
        links: f18,
      }),
    );
    expect(error.notification.details).toEqual([{ key: 'detail.missing_input', params: { field: 'Weight' } }]);
  });

  it('says why a container is not cleared, in words: its sum of ratios, or what it lacks', () => {
    const measured = assessContainer(decaying(), f18, at('12:00:00'));
    expect(clearanceReason(measured)).toBe('sum of ratios 2.197');
    const unweighed = assessContainer({ ...decaying(), Weight: null }, f18, at('12:00:00'));
    expect(predictionGap(unweighed)).toBe('Weight');
    expect(clearanceReason(unweighed)).toBe('cannot be assessed: Weight');
  });
});

describe('a sum of ratios in a notification', () => {
  it('has four significant digits and no trailing zeros', () => {
    expect(formatSum(2.19712)).toBe('2.197');
    expect(formatSum(1)).toBe('1');
    expect(formatSum(0.000123456)).toBe('0.0001235');
    expect(formatSum(12345.6)).toBe('12350');
  });
});
