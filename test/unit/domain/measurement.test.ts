/** shared/domain/measurement.ts: when a container was closed, the time and input rules, the range of the figures. */
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../shared/domain/container-rules';
import { checkMeasuredAt, closedAt, makeMeasurement } from '../../../shared/domain/measurement';
import { errorOf } from '../../support/errors';

const NOW = new Date('2026-11-20T09:00:00Z');
const container = createContainer({ client: 'c', facility: 'f' }, 'box', { Name: 'Box', Weight: 10 }, [], NOW);
const toDecay = (at: string) => ({ at, changes: [{ field: 'State', new: 'DECAY' }] });

describe('closedAt', () => {
  it('is the newest entry that set State to DECAY (a container may go back to DECAY)', () => {
    const history = [
      { at: '2026-11-20 08:00:00', changes: [{ field: 'Weight', new: 9 }] },
      toDecay('2026-11-20 07:00:00'),
      { at: '2026-11-19 12:00:00', changes: [{ field: 'State', new: 'RELEASE_DATE_REACHED' }] },
      toDecay('2026-11-18 07:00:00'),
    ];
    expect(closedAt(container, history)).toBe('2026-11-20 07:00:00');
  });

  it('without such an entry is the MeasurementDate, or nothing', () => {
    expect(closedAt({ ...container, MeasurementDate: '2026-11-01 10:00:00' }, [])).toBe('2026-11-01 10:00:00');
    expect(closedAt(container, [])).toBeNull();
  });
});

describe('checkMeasuredAt', () => {
  it('takes up to 5 minutes ahead of the clock, and the closing second itself', () => {
    expect(() => checkMeasuredAt('2026-11-20 09:05:00', NOW, null)).not.toThrow();
    expect(errorOf(() => checkMeasuredAt('2026-11-20 09:05:01', NOW, null)).statusCode).toBe(400);
    expect(() => checkMeasuredAt('2026-11-20 07:00:00', NOW, '2026-11-20 07:00:00')).not.toThrow();
    expect(errorOf(() => checkMeasuredAt('2026-11-20 06:59:59', NOW, '2026-11-20 07:00:00')).statusCode).toBe(409);
  });
});

describe('makeMeasurement', () => {
  it('is 400 when the figures leave the range stored exactly (absurd efficiency and mass)', () => {
    const instrument = {
      instrument: {
        Client: 'c',
        Facility: 'f',
        Uuid: 'i',
        Version: 1,
        CreatedAt: '',
        UpdatedAt: '',
        Name: 'i',
        Model: 'm',
        SerialNumber: 's',
        Kind: 'WELL_COUNTER' as const,
        Calibrations: [],
        CalibratedAt: '2026-01-01 00:00:00',
        CalibrationDueAt: '2027-01-01 00:00:00',
        CalibrationDocumentUuid: null,
        FunctionCheckIntervalDays: 7,
      },
      lastCheck: { CheckedAt: '2026-11-20 08:00:00', Result: 'PASS' as const },
    };
    const make = (weight: number, efficiency: number) => () =>
      makeMeasurement({
        uuid: 'm',
        container: { ...container, Weight: weight },
        body: {
          InstrumentUuid: 'i',
          MeasuredAt: '2026-11-20 08:30:00',
          Geometry: 'BAG',
          GrossCounts: 1e6,
          GrossTimeSeconds: 1,
          BackgroundCounts: 0,
          BackgroundTimeSeconds: 1,
        },
        caller: 'tech',
        mixture: { shares: new Map([['F-18', 1]]), assumed: false },
        instrument,
        calibrations: new Map([
          [
            'F-18',
            {
              Geometry: 'BAG',
              Nuclide: 'F-18',
              Efficiency: efficiency,
              EfficiencyRelUncertainty: 0,
              ProbeAreaCm2: null,
            },
          ],
        ]),
        notices: [],
        now: NOW,
      });
    expect(make(10, 0.1)().Activity).toBe(1e6);
    const error = errorOf(make(1e-60, 1e-60));
    expect([error.statusCode, error.notification.details![0]!.key]).toEqual([400, 'detail.figures_out_of_range']);
  });
});
