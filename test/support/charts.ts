/**
 * The decay chart's input of the tests: 400 kBq of F-18 in 10 kg closed at 2026-11-20 08:00 (40 Bq/g, sum 4),
 * measured four hours later at 0.1 Bq/g with u = 0.01 Bq/g, predicted to clear at 11:40, released at 12:30.
 */
import type { ChartInput } from '../../shared/domain/decay-chart';
import { measurementFixture } from './memory/release-sources';

export const CHART_CLOSED = '2026-11-20 08:00:00';

export const chartInput = (change: Partial<ChartInput> = {}): ChartInput => ({
  container: {
    Weight: 10_000,
    MeasurementActivity: 400_000,
    MeasurementFactor: null,
    MeasurementDate: CHART_CLOSED,
    MeasurementContamination: null,
    MeasurementContaminationDateTime: null,
    WasteForm: 'SOLID',
  },
  contents: [{ nuclide: 'F-18', activity: 400_000, activityDateTime: CHART_CLOSED, impurities: [] }],
  impuritiesUnknown: [],
  source: { type: 'UNRESTRICTED' },
  measurements: [
    measurementFixture({
      containerUuid: 'box',
      at: '2026-11-20 12:00:00',
      weightG: 10_000,
      fractions: { 'F-18': 1 },
      valueUsed: 0.1,
      detectionLimit: 0.002,
    }),
  ],
  predictedRelease: '2026-11-20 11:40:00',
  release: '2026-11-20 12:30:00',
  now: new Date('2026-11-20T13:00:00Z'),
  language: 'de',
  ...change,
});
