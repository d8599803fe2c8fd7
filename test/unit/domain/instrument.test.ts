/** shared/domain/instrument.ts: an instrument's rules and whether it is usable at a time. */
import { describe, expect, it } from 'vitest';
import {
  checkFit,
  createInstrument,
  DECISION_GEOMETRIES,
  INSTRUMENT_KINDS,
  instrumentRuleBreaches,
  readCalibration,
  type InstrumentData,
  updateInstrument,
  usabilityAt,
} from '../../../shared/domain/instrument';
import { errorOf } from '../../support/errors';

const NOW = new Date('2026-11-20T10:00:00Z');
const data: InstrumentData = {
  Name: 'Freimessanlage 1',
  Model: 'RTM661',
  SerialNumber: 'SN-1',
  Kind: 'FREE_RELEASE_MONITOR',
  Calibrations: [
    { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1, EfficiencyRelUncertainty: 0, ProbeAreaCm2: null },
  ],
  CalibratedAt: '2026-01-01 00:00:00',
  CalibrationDueAt: '2027-01-01 00:00:00',
  CalibrationDocumentUuid: null,
  FunctionCheckIntervalDays: 7,
};
const passed = (CheckedAt: string) => ({ CheckedAt, Result: 'PASS' as const });

describe('usabilityAt', () => {
  it('is usable from CalibratedAt on, and up to the earlier of the due date and the check interval', () => {
    const at = usabilityAt(data, passed('2026-01-01 00:00:00'), '2026-01-01 00:00:00');
    expect(at).toEqual({ usable: true, until: '2026-01-08 00:00:00', reasons: [] });
    // The check's interval ends exactly 7 days later: still usable then, one second after not.
    expect(usabilityAt(data, passed('2026-01-01 00:00:00'), '2026-01-08 00:00:00').usable).toBe(true);
    expect(usabilityAt(data, passed('2026-01-01 00:00:00'), '2026-01-08 00:00:01')).toEqual({
      usable: false,
      until: null,
      reasons: [{ key: 'detail.function_check_expired', params: { at: '2026-01-01 00:00:00', days: 7 } }],
    });
  });

  it('is not usable a second before CalibratedAt, nor at CalibrationDueAt itself', () => {
    const check = passed('2026-12-30 00:00:00');
    expect(usabilityAt(data, check, '2025-12-31 23:59:59').reasons).toContainEqual({
      key: 'detail.calibration_not_yet_valid',
      params: { from: '2026-01-01 00:00:00' },
    });
    expect(usabilityAt(data, check, '2026-12-31 23:59:59')).toEqual({
      usable: true,
      until: '2027-01-01 00:00:00',
      reasons: [],
    });
    expect(usabilityAt(data, check, '2027-01-01 00:00:00').reasons).toEqual([
      { key: 'detail.calibration_due', params: { since: '2027-01-01 00:00:00' } },
    ]);
  });

  it('needs a check, and the last one passed', () => {
    expect(usabilityAt(data, undefined, '2026-06-01 00:00:00').reasons).toEqual([
      { key: 'detail.no_function_check', params: { at: '2026-06-01 00:00:00' } },
    ]);
    expect(usabilityAt(data, { CheckedAt: '2026-06-01 00:00:00', Result: 'FAIL' }, '2026-06-01 00:00:00')).toEqual({
      usable: false,
      until: null,
      reasons: [{ key: 'detail.function_check_failed', params: { at: '2026-06-01 00:00:00' } }],
    });
  });

  it('follows the interval the instrument sets, and names every reason at once', () => {
    const daily = { ...data, FunctionCheckIntervalDays: 1 };
    expect(usabilityAt(daily, passed('2026-06-01 08:00:00'), '2026-06-02 08:00:00').until).toBe('2026-06-02 08:00:00');
    expect(usabilityAt(daily, passed('2026-06-01 08:00:00'), '2026-06-02 08:00:01').usable).toBe(false);
    expect(usabilityAt(data, undefined, '2028-01-01 00:00:00').reasons.map((r) => r.key)).toEqual([
      'detail.calibration_due',
      'detail.no_function_check',
    ]);
  });

  it('ends the check interval at the last representable time rather than past year 9999', () => {
    const late = { ...data, CalibrationDueAt: '9999-12-31 23:59:59', FunctionCheckIntervalDays: 365 };
    expect(usabilityAt(late, passed('9999-12-30 00:00:00'), '9999-12-30 00:00:00').until).toBe('9999-12-31 23:59:59');
  });
});

describe('instrument rules', () => {
  it('wants CalibrationDueAt after CalibratedAt', () => {
    expect(instrumentRuleBreaches({ ...data, CalibrationDueAt: data.CalibratedAt })).toEqual([
      { key: 'detail.after', params: { field: 'CalibrationDueAt', other: 'CalibratedAt' } },
    ]);
  });

  it('wants a probe area for SURFACE only, one per instrument, and each geometry and nuclide once', () => {
    const breaches = instrumentRuleBreaches({
      ...data,
      Calibrations: [
        { Geometry: 'SURFACE', Nuclide: 'F-18', Efficiency: 0.2, EfficiencyRelUncertainty: 0, ProbeAreaCm2: 100 },
        { Geometry: 'SURFACE', Nuclide: 'Tc-99m', Efficiency: 0.2, EfficiencyRelUncertainty: 0, ProbeAreaCm2: 170 },
        { Geometry: 'SURFACE', Nuclide: 'I-131', Efficiency: 0.2, EfficiencyRelUncertainty: 0, ProbeAreaCm2: null },
        { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1, EfficiencyRelUncertainty: 0, ProbeAreaCm2: 100 },
        { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1, EfficiencyRelUncertainty: 0, ProbeAreaCm2: null },
      ],
    });
    expect(breaches.map((b) => [b.key, b.params!.field])).toEqual([
      ['detail.one_probe_area', 'Calibrations.1.ProbeAreaCm2'],
      ['detail.probe_area', 'Calibrations.2.ProbeAreaCm2'],
      ['detail.probe_area', 'Calibrations.3.ProbeAreaCm2'],
      ['detail.no_repeats', 'Calibrations.4'],
    ]);
  });

  it('creates with the default interval of 7 days, no calibrations and no certificate unless given', () => {
    const { Calibrations: _c, FunctionCheckIntervalDays: _f, CalibrationDocumentUuid: _d, ...body } = data;
    const made = createInstrument({ client: 'c', facility: 'f' }, 'i1', body, NOW);
    expect(made).toMatchObject({
      Calibrations: [],
      FunctionCheckIntervalDays: 7,
      CalibrationDocumentUuid: null,
      Version: 1,
      CreatedAt: '2026-11-20 10:00:00',
    });
    expect(
      errorOf(() =>
        createInstrument(
          { client: 'c', facility: 'f' },
          'i2',
          { ...body, CalibrationDueAt: '2025-01-01 00:00:00' },
          NOW,
        ),
      ).statusCode,
    ).toBe(400);
  });

  it('updates partially: absent members stay, a change moves the version, the same values change nothing', () => {
    const made = createInstrument({ client: 'c', facility: 'f' }, 'i1', data, NOW);
    const later = new Date('2026-11-21T10:00:00Z');
    expect(updateInstrument(made, { Name: data.Name }, later)).toEqual({ next: made, changed: false });
    // Calibrations as a store reads them back, members in another order, are the same calibrations.
    const read = {
      ...made,
      Calibrations: made.Calibrations.map(
        ({ ProbeAreaCm2, EfficiencyRelUncertainty, Efficiency, Nuclide, Geometry }) => ({
          ProbeAreaCm2,
          EfficiencyRelUncertainty,
          Efficiency,
          Nuclide,
          Geometry,
        }),
      ),
    };
    expect(updateInstrument(read, { Calibrations: data.Calibrations }, later).changed).toBe(false);
    const { next, changed } = updateInstrument(made, { FunctionCheckIntervalDays: 30 }, later);
    expect([changed, next.Version, next.UpdatedAt, next.Name]).toEqual([
      true,
      2,
      '2026-11-21 10:00:00',
      'Freimessanlage 1',
    ]);
  });
});

describe('fitness for a decision measurement (StrlSchV § 90 Abs. 4)', () => {
  it('a dose-rate meter measures nothing for a decision; a contamination monitor the surface; ...', () => {
    expect(Object.keys(DECISION_GEOMETRIES).sort()).toEqual([...INSTRUMENT_KINDS].sort());
    expect(DECISION_GEOMETRIES.DOSE_RATE_METER).toEqual([]);
    expect(DECISION_GEOMETRIES.CONTAMINATION_MONITOR).toEqual(['SURFACE']);
    expect(DECISION_GEOMETRIES.FREE_RELEASE_MONITOR).toEqual(['BAG', 'BOX', 'DRUM', 'BOTTLE']);
    expect(DECISION_GEOMETRIES.WELL_COUNTER).toEqual(['BAG', 'BOX', 'DRUM', 'BOTTLE']);
    expect(DECISION_GEOMETRIES.GAMMA_SPECTROMETER).toEqual(['BAG', 'BOX', 'DRUM', 'BOTTLE', 'SURFACE']);
  });

  it('refuses an unfit instrument with 409 naming what its kind measures, and passes a fit one', () => {
    const meter = errorOf(() => checkFit({ Uuid: 'i1', Kind: 'DOSE_RATE_METER' }, 'BAG'));
    expect([meter.statusCode, meter.notification.key, meter.notification.params]).toEqual([
      409,
      'measurement.instrument_unfit',
      { instrument: 'i1', kind: 'DOSE_RATE_METER', geometry: 'BAG', geometries: '–' },
    ]);
    const monitor = errorOf(() => checkFit({ Uuid: 'i2', Kind: 'FREE_RELEASE_MONITOR' }, 'SURFACE'));
    expect(monitor.notification.params).toMatchObject({ geometries: 'BAG, BOX, DRUM, BOTTLE' });
    expect(() => checkFit({ Uuid: 'i3', Kind: 'CONTAMINATION_MONITOR' }, 'SURFACE')).not.toThrow();
    expect(() => checkFit({ Uuid: 'i4', Kind: 'GAMMA_SPECTROMETER' }, 'DRUM')).not.toThrow();
  });

  it('reads a calibration stored before issue 36 with no uncertainty of its efficiency (0)', () => {
    expect(readCalibration({ Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1, ProbeAreaCm2: null })).toEqual({
      Geometry: 'BAG',
      Nuclide: 'F-18',
      Efficiency: 0.1,
      EfficiencyRelUncertainty: 0,
      ProbeAreaCm2: null,
    });
  });
});
