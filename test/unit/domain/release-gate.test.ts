/**
 * shared/domain/release-gate.ts: what a release rests on, checked in order, each failure a 409 that names it; and the
 * values each type measures against.
 */
import { describe, expect, it } from 'vitest';
import type { ContentLink } from '../../../shared/domain/container-contents';
import type { ContainerRecord } from '../../../shared/domain/container-fields';
import { createContainer } from '../../../shared/domain/container-rules';
import { checkRelease, type ReleaseGateInput, valueSourceOf } from '../../../shared/domain/release-gate';
import { errorOf } from '../../support/errors';
import { measurementFixture, noticeFixture, PLANTS } from '../../support/memory/release-sources';

const tenant = { client: 'c1', facility: 'f1' };
const T0 = '2026-11-20 08:00:00';
const NOW = new Date('2026-11-21T08:00:00Z');
const links: ContentLink[] = [
  { kind: 'CYCLOTRON_PRODUCT', id: 'p1', nuclide: 'F-18', activity: 1e6, activityDateTime: T0 },
];
/** 10 kg of F-18 measured at T0, a day later in RELEASE_DATE_REACHED. */
const container: ContainerRecord = {
  ...createContainer(
    tenant,
    'box',
    { Name: 'Box', Weight: 10_000, MeasurementActivity: 1e6, MeasurementDate: T0 },
    [],
    new Date('2026-11-20T08:00:00Z'),
  ),
  State: 'RELEASE_DATE_REACHED',
  WasteForm: 'SOLID',
};
const measured = (options: Partial<Parameters<typeof measurementFixture>[0]> = {}) =>
  measurementFixture({
    containerUuid: 'box',
    at: '2026-11-21 07:00:00',
    weightG: 10_000,
    fractions: { 'F-18': 1 },
    valueUsed: 0.01,
    detectionLimit: 0.002,
    ...options,
  });
const gate = (change: Partial<ReleaseGateInput> = {}): ReleaseGateInput => ({
  stored: container,
  state: 'RELEASE_DATE_REACHED',
  data: container,
  links,
  type: 'UNRESTRICTED',
  notice: noticeFixture(tenant),
  plant: null,
  measurement: measured(),
  decayEnteredAt: '2026-11-20 09:00:00',
  disposal: { massThisYear: 0, year: 2026, timeZone: 'Europe/Berlin' },
  maxAgeDays: 7,
  discrepancyFactor: 10,
  discrepancyCause: null,
  now: NOW,
  ...change,
});
/** A notice for disposal, with a landfill and an incinerator and their acceptance declarations. */
const [landfill] = PLANTS;
const disposalNotice = noticeFixture(tenant, {
  ReleaseTypes: ['SPECIFIC_LANDFILL', 'SPECIFIC_INCINERATION'],
  DisposalPlants: [...PLANTS],
});
/** 10 kg of I-131 (1 Bq/g at T0, measured so a day later): Spalte 8 50 Bq/g, Spalte 9 70 Bq/g. */
const iodine = {
  data: { ...container, MeasurementActivity: 1e4 },
  stored: { ...container, MeasurementActivity: 1e4 },
  links: [{ ...links[0]!, nuclide: 'I-131', activity: 1e4 }],
  measurement: measured({ fractions: { 'I-131': 1 }, valueUsed: 0.92 }),
  notice: disposalNotice,
};
const refusal = (change: Partial<ReleaseGateInput>) => {
  const error = errorOf(() => checkRelease(gate(change)));
  expect(error.statusCode).toBe(409);
  return error.notification;
};

describe('the gate of the release act', () => {
  it('lets a container through on a notice that permits it and a recent decision measurement that clears it', () => {
    const { assessment, plant } = checkRelease(gate());
    expect(assessment.DecisionMeasurement).toMatchObject({ ClearanceReached: true, DetectionLimitsSufficient: true });
    // One verdict: the decision measurement decides; the prediction stands beside it.
    expect(assessment).toMatchObject({ ClearanceReached: true, DecidedBy: 'DECISION_MEASUREMENT' });
    expect(assessment.Plausibility).toMatchObject({ Plausible: true, Finding: null, MaxFactor: 10 });
    expect(plant).toBeNull();
  });

  it('releases once, and from RELEASE_DATE_REACHED only', () => {
    const released = {
      ...container,
      IsReleasedByRadiationProtectionOfficer: true,
      ReleasedByRadiationProtectionOfficerDateTime: '2026-11-21 06:00:00',
    };
    expect(refusal({ stored: released })).toEqual({
      key: 'container.already_released',
      params: { at: '2026-11-21 06:00:00' },
    });
    expect(refusal({ state: 'DECAY' })).toMatchObject({ key: 'container.release_state', params: { state: 'DECAY' } });
  });

  it('needs a waste form the type covers and the notice permits, for a type the notice permits', () => {
    expect(refusal({ data: { ...container, WasteForm: null } }).key).toBe('container.waste_form_required');
    expect(refusal({ data: { ...container, WasteForm: 'LIQUID_AQUEOUS' } })).toMatchObject({
      key: 'container.waste_form_not_permitted',
      params: { type: 'UNRESTRICTED', form: 'LIQUID_AQUEOUS', forms: 'SOLID, LIQUID_ORGANIC, OIL' },
    });
    expect(refusal({ data: { ...container, WasteForm: 'OIL' } })).toMatchObject({
      key: 'container.notice_not_applicable',
      params: { fileNumber: 'RP-2026/0815' },
    });
    expect(refusal({ type: 'SPECIFIC_LANDFILL' }).key).toBe('container.notice_not_applicable');
    // An oil goes to an incinerator (§ 36 Abs. 1 Nr. 4 "Stoffe"), never to a landfill (Nr. 3 "feste Stoffe").
    const oil = { ...iodine.data, WasteForm: 'OIL' as const };
    const oilNotice = noticeFixture(tenant, { ...disposalNotice, WasteForms: ['SOLID', 'OIL'] });
    expect(
      refusal({ ...iodine, data: oil, notice: oilNotice, type: 'SPECIFIC_LANDFILL', plant: 'Deponie Nord' }),
    ).toMatchObject({ key: 'container.waste_form_not_permitted', params: { forms: 'SOLID' } });
    const burnt = checkRelease(
      gate({ ...iodine, data: oil, notice: oilNotice, type: 'SPECIFIC_INCINERATION', plant: 'MVA Süd' }),
    );
    expect(burnt.plant).toMatchObject({ Route: 'SPECIFIC_INCINERATION', Name: 'MVA Süd' });
  });

  it('releases as one mass up to the averaging mass: 300 kg, or what the notice allows (Anlage 8 A Nr. 1 c)', () => {
    const heavy = (kg: number) => ({ ...container, Weight: kg * 1000 });
    const heavyMeasurement = (kg: number) => measured({ weightG: kg * 1000, valueUsed: 0.01 * (10 / kg) });
    expect(refusal({ data: heavy(301), measurement: heavyMeasurement(301) })).toEqual({
      key: 'container.averaging_mass',
      params: { mass: 301, limit: 300 },
    });
    expect(() => checkRelease(gate({ data: heavy(300), measurement: heavyMeasurement(300) }))).not.toThrow();
    const generous = noticeFixture(tenant, { MaxAveragingMassKg: 500 });
    expect(() =>
      checkRelease(gate({ data: heavy(400), measurement: heavyMeasurement(400), notice: generous })),
    ).not.toThrow();
    expect(refusal({ data: heavy(501), measurement: heavyMeasurement(501), notice: generous }).params).toEqual({
      mass: 501,
      limit: 500,
    });
  });

  it('releases for disposal to a plant the notice names for the route (§ 40 Abs. 2), under its column', () => {
    const { assessment, plant } = checkRelease(gate({ ...iodine, type: 'SPECIFIC_LANDFILL', plant: 'Deponie Nord' }));
    expect(plant).toEqual(landfill);
    expect(assessment.DecisionMeasurement!.Nuclides[0]!.ClearanceLevelBqPerG).toBe(50);
    expect(refusal({ ...iodine, type: 'SPECIFIC_LANDFILL', plant: 'MVA Süd' })).toEqual({
      key: 'container.disposal_plant',
      params: { fileNumber: 'RP-2026/0815', plant: 'MVA Süd', type: 'SPECIFIC_LANDFILL' },
      details: [{ key: 'detail.plants', params: { type: 'SPECIFIC_LANDFILL', plants: 'Deponie Nord' } }],
    });
  });

  it("keeps each disposal route within 100 Mg of the facility's calendar year", () => {
    const disposal = { massThisYear: 100e6 - 9_999, year: 2026, timeZone: 'Europe/Berlin' };
    expect(refusal({ ...iodine, type: 'SPECIFIC_LANDFILL', plant: 'Deponie Nord', disposal })).toEqual({
      key: 'container.disposal_mass_exceeded',
      params: { type: 'SPECIFIC_LANDFILL', total: 100_000.001, year: 2026, timeZone: 'Europe/Berlin' },
    });
    const room = { ...disposal, massThisYear: 100e6 - 10_000 };
    expect(() =>
      checkRelease(gate({ ...iodine, type: 'SPECIFIC_LANDFILL', plant: 'Deponie Nord', disposal: room })),
    ).not.toThrow();
  });

  it('refuses while a content of a nuclide with expected impurities has none entered, naming it', () => {
    const eluate: ContentLink = {
      kind: 'GENERATOR_ELUAT',
      id: 'eluat-1',
      nuclide: 'Ga-68',
      activity: 1e3,
      activityDateTime: T0,
      impurities: null,
    };
    expect(refusal({ links: [...links, eluate] })).toEqual({
      key: 'container.impurities_unknown',
      params: {},
      details: [
        { key: 'detail.impurities_unknown', params: { content: 'eluat-1', nuclide: 'Ga-68', impurities: 'Ge-68' } },
      ],
    });
  });

  it('rests on a measurement of a suitable instrument (§ 90 Abs. 4): a dose-rate meter is refused', () => {
    const measurement = measured();
    const meter = { ...measurement, Instrument: { ...measurement.Instrument, Kind: 'DOSE_RATE_METER' } };
    expect(refusal({ measurement: meter })).toMatchObject({
      key: 'measurement.instrument_unfit',
      params: { kind: 'DOSE_RATE_METER', geometry: 'BAG' },
    });
  });

  it(
    'refuses a clearing measurement that disagrees with the prediction until an officer records the cause; ' +
      'the cause opens nothing the values do not allow',
    () => {
      // Predicted at 07:00 a day later: 100 Bq/g · 2^(−1380/109.77) ≈ 0.01642 Bq/g (sum 1.642e-3).
      const low = refusal({ measurement: measured({ valueUsed: 0.001 }) });
      expect(low).toMatchObject({
        key: 'measurement.implausible',
        params: { at: '2026-11-21 07:00:00', measured: '0.0001', type: 'UNRESTRICTED' },
        details: [{ key: 'detail.implausible_below', params: { limit: 10 } }],
      });
      expect(Number(low.params!.predicted)).toBeCloseTo(0.001642, 5);
      // Above the prediction beyond 1.645 u, still clearing: implausible too.
      const high = measured({ valueUsed: 0.5 });
      expect(refusal({ measurement: high })).toMatchObject({
        key: 'measurement.implausible',
        details: [{ key: 'detail.implausible_above' }],
      });
      const cause = 'vial residue measured in the activity meter: declared activity was the dispensed dose';
      expect(checkRelease(gate({ measurement: high, discrepancyCause: cause })).assessment.Plausibility).toMatchObject({
        Plausible: false,
        Finding: 'ABOVE_PREDICTION',
      });
      // A cause never carries a measurement whose values do not clear.
      expect(refusal({ measurement: measured({ valueUsed: 20 }), discrepancyCause: cause }).key).toBe(
        'container.clearance_not_reached',
      );
      // The facility's factor: 100 lets the low measurement through.
      expect(() =>
        checkRelease(gate({ measurement: measured({ valueUsed: 0.001 }), discrepancyFactor: 100 })),
      ).not.toThrow();
    },
  );

  it('rests on a decision measurement made since DECAY, within the stage limit, of the present mass', () => {
    expect(refusal({ measurement: null })).toEqual({
      key: 'container.decision_measurement_required',
      params: { since: '2026-11-20 09:00:00' },
    });
    expect(refusal({ measurement: measured({ at: '2026-11-20 08:30:00' }) }).key).toBe(
      'container.decision_measurement_required',
    );
    expect(refusal({ maxAgeDays: 0 }).params).toMatchObject({ reason: 'older than 0 days' });
    expect(refusal({ measurement: measured({ weightG: 9_000 }) }).params).toMatchObject({
      reason: 'it measured 9000 g, the container now weighs 10000 g',
    });
  });

  it('needs detection limits low enough and values that meet the type, naming the sums', () => {
    expect(refusal({ measurement: measured({ detectionLimit: 20 }) }).key).toBe('container.detection_limit_too_high');
    const notCleared = refusal({ measurement: measured({ valueUsed: 20 }) });
    expect(notCleared.key).toBe('container.clearance_not_reached');
    expect(notCleared.details?.map((d) => d.key)).toContain('detail.decision_measurement');
  });
});

describe('the values a type measures against', () => {
  it("are the nuclide table's, or for INDIVIDUAL the notice's limits", () => {
    const Limits = [{ Nuclide: 'F-18', SpecificActivity: 1, SurfaceActivity: null }];
    expect(valueSourceOf('UNRESTRICTED', { Limits })).toEqual({ type: 'UNRESTRICTED' });
    expect(valueSourceOf('INDIVIDUAL', { Limits })).toEqual({ type: 'INDIVIDUAL', limits: Limits });
  });
});
