/**
 * shared/operations/records.ts for the facility registers: a notice, an instrument, a function check and a decision
 * measurement as stored are valid; a broken one is found with its reason; a cited notice is a kept record.
 */
import { describe, expect, it } from 'vitest';
import { noticeItem } from '../../../shared/data/clearance-notices';
import { checkItem, instrumentItem } from '../../../shared/data/instruments';
import { measurementItem } from '../../../shared/data/measurements';
import { keys } from '../../../shared/data/table';
import { createNotice } from '../../../shared/domain/clearance-notice';
import { createInstrument, newCheck } from '../../../shared/domain/instrument';
import type { MeasurementRecord } from '../../../shared/domain/measurement';
import { isKeptRecord, recordProblems } from '../../../shared/operations/records';

const tenant = { client: 'c1', facility: 'f1' };
const NOW = new Date('2026-11-20T08:00:00Z');
const notice = noticeItem(
  createNotice(
    tenant,
    'n1',
    {
      FileNumber: 'RP-1',
      Authority: 'A',
      Holder: 'H',
      Site: 'S',
      IssuedAt: '2026-01-01 00:00:00',
      ValidFrom: '2026-01-01 00:00:00',
      ReleaseTypes: ['UNRESTRICTED'],
      WasteForms: ['SOLID'],
    },
    NOW,
  ),
);
const instrument = createInstrument(
  tenant,
  'i1',
  {
    Name: 'Counter',
    Model: 'M',
    SerialNumber: 'S',
    Kind: 'WELL_COUNTER',
    Calibrations: [
      { Geometry: 'BOTTLE', Nuclide: 'F-18', Efficiency: 0.3, EfficiencyRelUncertainty: 0, ProbeAreaCm2: null },
    ],
    CalibratedAt: '2026-01-01 00:00:00',
    CalibrationDueAt: '2027-01-01 00:00:00',
  },
  NOW,
);
const check = checkItem(newCheck(instrument, 'k1', { CheckedAt: '2026-11-20 07:00:00', Result: 'PASS' }, 'tech', NOW));
const snapshot = {
  Uuid: 'i1',
  Name: 'Counter',
  Model: 'M',
  SerialNumber: 'S',
  Kind: 'WELL_COUNTER',
  CalibratedAt: '2026-01-01 00:00:00',
  CalibrationDueAt: '2027-01-01 00:00:00',
  LastCheckAt: '2026-11-20 07:00:00',
};
const figures = {
  GrossCounts: 1200,
  GrossTimeSeconds: 60,
  BackgroundCounts: 600,
  BackgroundTimeSeconds: 60,
  GrossRate: 20,
  BackgroundRate: 10,
  NetRate: 10,
  Efficiency: 0.1,
  EfficiencyRelUncertainty: 0,
  Activity: 0.01,
  StandardUncertainty: 7e-4,
  DecisionThreshold: 9.5e-4,
  DetectionLimit: 1.9e-3,
  Detected: true,
  ValueUsed: 0.01,
};
const measurement: MeasurementRecord = {
  Client: 'c1',
  Facility: 'f1',
  Uuid: 'm1',
  ContainerUuid: 'box',
  InstrumentUuid: 'i1',
  Instrument: snapshot,
  MeasuredAt: '2026-11-20 07:30:00',
  MeasuredBy: 'tech',
  Geometry: 'BOTTLE',
  WeightG: 10_000,
  ...figures,
  Nuclides: [
    {
      Nuclide: 'F-18',
      Fraction: 1,
      Efficiency: 0.1,
      EfficiencyRelUncertainty: 0,
      ValueUsed: 0.01,
      DetectionLimit: 1.9e-3,
    },
  ],
  SharesAssumed: false,
  Surface: null,
  NoFixedSurfaceReason: 'A bottle: no fixed surface.',
  ReleaseTypes: [
    {
      ReleaseType: 'UNRESTRICTED',
      ClearanceNoticeUuid: null,
      SumOfRatios: 0.001,
      SurfaceSumOfRatios: null,
      DetectionLimitsSufficient: true,
      SurfaceDetectionLimitsSufficient: null,
      MissingInputs: [],
    },
  ],
  CreatedAt: '2026-11-20 08:00:00',
};

describe('recordProblems of the facility registers', () => {
  it('finds nothing wrong with each as the stores write it; a measurement needs its container', () => {
    for (const item of [notice, instrumentItem(instrument), check])
      expect(recordProblems(item)).toEqual({ problems: [] });
    expect(recordProblems(measurementItem(measurement))).toEqual({
      problems: [],
      needsContainer: { pk: keys.tenant(tenant), uuid: 'box' },
    });
  });

  it('names what breaks the schema, a rule or the key', () => {
    expect(recordProblems({ ...notice, ReleaseTypes: [] }).problems).toEqual([
      'ReleaseTypes: must hold at least 1 item(s)',
    ]);
    expect(recordProblems({ ...notice, ValidUntil: '2025-01-01 00:00:00' }).problems).toEqual([
      'ValidUntil: must not lie before ValidFrom',
    ]);
    expect(recordProblems({ ...instrumentItem(instrument), CalibrationDueAt: '2025-01-01 00:00:00' }).problems).toEqual(
      ['CalibrationDueAt: must lie after CalibratedAt'],
    );
    expect(
      recordProblems({ ...check, SK: keys.instrumentCheck('i1', '2026-11-20 07:00:01', 'k1') }).problems,
    ).toHaveLength(1);
    expect(recordProblems({ ...measurementItem(measurement), MeasuredAt: 'yesterday' }).problems).toEqual([
      'MeasuredAt: must be a real UTC date and time as YYYY-MM-DD HH:MM:SS',
    ]);
  });

  it('keeps a notice a release cites, whatever a check finds', () => {
    expect(isKeptRecord(notice)).toBe(false);
    expect(isKeptRecord({ ...notice, Citations: 1, LastCitedAt: '2026-11-20 09:00:00' })).toBe(true);
  });
});
