/**
 * The decay chart docs/decay-in-storage.md shows: the walkthrough's container drawn on fixed times (10 kg closed at
 * 400 kBq of F-18, measured four hours later at 8.7 Bq/g, released then), written by `npm run openapi` with the other
 * generated files so the picture in the guide is what the service draws.
 */
import { decayChart } from '../domain/decay-chart';
import type { MeasuredDecision } from '../domain/decision-measurement';
import { chartSvg } from './chart-svg';

export const EXAMPLE_CHART_FILE = 'docs/decay-chart.svg';

const CLOSED = '2026-11-20 08:00:00';
const MEASURED = '2026-11-20 12:00:00';

/** The walkthrough's decision measurement: a = 8.7 Bq/g of F-18, u(a) ≈ 0.87 Bq/g (u_rel of the calibration 10 %). */
const measurement = {
  MeasuredAt: MEASURED,
  Detected: true,
  Activity: 8.7,
  StandardUncertainty: 0.87,
  Nuclides: [
    {
      Nuclide: 'F-18',
      Fraction: 1,
      Efficiency: 0.1,
      EfficiencyRelUncertainty: 0.1,
      ValueUsed: 8.7,
      DetectionLimit: 0.002,
    },
  ],
  Surface: null,
  NoFixedSurfaceReason: 'A bag of soft waste: no fixed surface.',
} as unknown as MeasuredDecision;

export const exampleChartSvg = (): string =>
  chartSvg(
    decayChart({
      container: {
        Weight: 10_000,
        MeasurementActivity: 400_000,
        MeasurementFactor: null,
        MeasurementDate: CLOSED,
        MeasurementContamination: null,
        MeasurementContaminationDateTime: null,
        WasteForm: 'SOLID',
      },
      contents: [{ nuclide: 'F-18', activity: 400_000, activityDateTime: CLOSED, impurities: [] }],
      impuritiesUnknown: [],
      source: { type: 'UNRESTRICTED' },
      measurements: [measurement],
      predictedRelease: '2026-11-20 11:40:12',
      release: '2026-11-20 12:02:00',
      now: new Date('2026-11-20T12:02:00Z'),
      language: 'en',
    }),
  );
