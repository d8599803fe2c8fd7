/**
 * shared/services/measurements.ts over the in-memory stores: the acceptance case of issue 27 through the service, the
 * rules in their order, assumed shares, impurities, the surface part, the evaluation per notice, and the container
 * moving to its next version with an audit line.
 */
import { describe, expect, it } from 'vitest';
import { adoptIdentity, withRequestScope } from '../../../shared/replay';
import type { ContentLink } from '../../../shared/domain/container-contents';
import type { ContainerRecord } from '../../../shared/domain/container-fields';
import { createContainer } from '../../../shared/domain/container-rules';
import { createInstrument, type Calibration } from '../../../shared/domain/instrument';
import { createNotice } from '../../../shared/domain/clearance-notice';
import type { MeasurementInput } from '../../../shared/domain/measurement';
import { measurementService } from '../../../shared/services/measurements';
import { rejection } from '../../support/errors';
import { memoryClearanceNoticeStore } from '../../support/memory/clearance-notices';
import { memoryContainerStore } from '../../support/memory/containers';
import { memoryInstrumentStore } from '../../support/memory/instruments';
import { memoryMeasurementStore } from '../../support/memory/measurements';

const tenant = { client: 'c1', facility: 'f1' };
const tech = { sub: 'tech', name: 'Theo Technician', roles: [] };
const NOW = new Date('2026-11-20T09:00:00Z');
const write = (at: string) => ({ actor: { sub: 'ada', name: 'Ada' }, at, requestId: 'r' });
const f18: ContentLink = {
  kind: 'CYCLOTRON_PRODUCT',
  id: 'p1',
  nuclide: 'F-18',
  activity: 1e6,
  activityDateTime: '2026-11-20 06:00:00',
  impurities: [],
};
const calibration = (
  Geometry: Calibration['Geometry'],
  Nuclide: string,
  Efficiency: number,
  EfficiencyRelUncertainty = 0,
): Calibration => ({
  Geometry,
  Nuclide,
  Efficiency,
  EfficiencyRelUncertainty,
  ProbeAreaCm2: Geometry === 'SURFACE' ? 100 : null,
});
/** Issue 27's case: 1200 counts in 60 s against 600 in 60 s, in a bag. */
const body = (change: Partial<MeasurementInput> = {}): MeasurementInput => ({
  InstrumentUuid: 'counter',
  MeasuredAt: '2026-11-20 08:00:00',
  Geometry: 'BAG',
  GrossCounts: 1200,
  GrossTimeSeconds: 60,
  BackgroundCounts: 600,
  BackgroundTimeSeconds: 60,
  NoFixedSurfaceReason: 'Loose gloves in a bag: no fixed surface.',
  ...change,
});

/** A 10 kg container closed for decay at 07:00 holding `links`, a usable counter and probe, and the stores. */
async function setup(options: { links?: ContentLink[]; weight?: number | null; decay?: boolean } = {}) {
  const containers = memoryContainerStore();
  const instruments = memoryInstrumentStore();
  const notices = memoryClearanceNoticeStore();
  const measurements = memoryMeasurementStore(containers);
  const service = measurementService({ containers, instruments, notices, measurements }, () => NOW);
  const open = createContainer(
    tenant,
    'box',
    { Name: 'Box', Weight: options.weight === undefined ? 10_000 : options.weight },
    [],
    new Date('2026-11-20T05:00:00Z'),
  );
  await containers.create(open, [], write('2026-11-20 05:00:00'));
  for (const link of options.links ?? [f18]) await containers.link(tenant, 'box', link);
  let container: ContainerRecord = open;
  if (options.decay !== false) {
    container = { ...open, State: 'DECAY', Version: 2 };
    await containers.update(
      open,
      container,
      [{ field: 'State', old: 'OPEN', new: 'DECAY' }],
      write('2026-11-20 07:00:00'),
    );
  }
  const nuclides = ['F-18', 'Ga-68', 'Ge-68', 'Tc-99m'];
  for (const [uuid, kind, calibrations] of [
    ['counter', 'FREE_RELEASE_MONITOR', nuclides.map((n) => calibration('BAG', n, n === 'Ge-68' ? 0.05 : 0.1))],
    ['probe', 'CONTAMINATION_MONITOR', nuclides.map((n) => calibration('SURFACE', n, 0.2))],
    ['calibrated', 'FREE_RELEASE_MONITOR', [calibration('BAG', 'F-18', 0.1, 0.1)]],
    ['meter', 'DOSE_RATE_METER', [calibration('BAG', 'F-18', 0.1)]],
  ] as const) {
    await instruments.create(
      {
        ...createInstrument(
          tenant,
          uuid,
          {
            Name: uuid,
            Model: 'M',
            SerialNumber: `SN-${uuid}`,
            Kind: kind,
            Calibrations: [...calibrations],
            CalibratedAt: '2026-01-01 00:00:00',
            CalibrationDueAt: '2027-01-01 00:00:00',
          },
          NOW,
        ),
      },
      tech,
    );
    await instruments.addCheck(
      {
        Client: 'c1',
        Facility: 'f1',
        Uuid: `check-${uuid}`,
        InstrumentUuid: uuid,
        CheckedAt: '2026-11-20 06:30:00',
        Result: 'PASS',
        Reading: null,
        Note: null,
        CheckedBy: 'tech',
        CreatedAt: '2026-11-20 06:30:00',
      },
      tech,
    );
  }
  return { service, containers, instruments, notices, measurements, container };
}
const within = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThanOrEqual(1e-3);

describe('measurementService.add', () => {
  it('computes the acceptance case within 0.1 % and records it with the container and its audit line', async () => {
    const { service, containers, measurements } = await setup();
    const { model, etag, notes } = await service.add(tenant, tech, 'box', body(), 'req-1');
    within(model.Activity, 0.01);
    within(model.DecisionThreshold, 9.497e-4);
    within(model.DetectionLimit, 1.945e-3);
    expect(model).toMatchObject({
      ContainerUuid: 'box',
      MeasuredBy: 'tech',
      MeasuredByName: 'Theo Technician',
      WeightG: 10_000,
      Efficiency: 0.1,
      Detected: true,
      SharesAssumed: false,
      Surface: null,
      NoFixedSurfaceReason: 'Loose gloves in a bag: no fixed surface.',
      Instrument: { Uuid: 'counter', SerialNumber: 'SN-counter', LastCheckAt: '2026-11-20 06:30:00' },
    });
    expect(model.Nuclides).toEqual([
      {
        Nuclide: 'F-18',
        Fraction: 1,
        Efficiency: 0.1,
        EfficiencyRelUncertainty: 0,
        ValueUsed: model.Activity,
        DetectionLimit: model.DetectionLimit,
      },
    ]);
    const [unrestricted, disposal] = model.ReleaseTypes;
    expect(unrestricted).toMatchObject({
      ReleaseType: 'UNRESTRICTED',
      DetectionLimitsSufficient: true,
      MissingInputs: [],
    });
    within(unrestricted!.SumOfRatios!, 0.001);
    expect(disposal).toMatchObject({
      ReleaseType: 'SPECIFIC_LANDFILL',
      SumOfRatios: null,
      MissingInputs: ['ClearanceLevel:F-18'],
    });
    expect(notes).toEqual([]);
    // The container moved on (its ETag), and its history says what was measured.
    expect(etag).toBe('"box.3"');
    expect((await containers.load(tenant, 'box'))!.record.Version).toBe(3);
    expect((await containers.history(tenant, 'box'))[0]!.changes).toEqual([
      {
        field: 'DecisionMeasurement',
        old: null,
        new: { Uuid: model.Uuid, MeasuredAt: '2026-11-20 08:00:00', ValueUsed: model.ValueUsed, Detected: true },
      },
    ]);
    expect((await measurements.newest(tenant, 'box'))?.Uuid).toBe(model.Uuid);
  });

  it('answers a retry whose first attempt recorded the measurement (same identity) with it, no second', async () => {
    const { service, containers, measurements } = await setup();
    const identity = { At: Date.parse('2026-11-20T08:00:00Z'), RequestId: 'req-1', Nonce: 'ef'.repeat(16) };
    const attempt = () =>
      withRequestScope('req-1', async () => {
        adoptIdentity(identity);
        return service.add(tenant, tech, 'box', body(), 'req-1');
      });
    const first = await attempt();
    const retry = await attempt();
    expect(retry).toEqual(first);
    expect((await measurements.list(tenant, 'box')).map((m) => m.Uuid)).toEqual([first.model.Uuid]);
    expect((await containers.load(tenant, 'box'))!.record.Version).toBe(3);
  });

  it('refuses in order: no container, not closed, released, ahead of the clock, before closing, no input', async () => {
    expect((await rejection((await setup()).service.add(tenant, tech, 'nothing', body(), 'r'))).notification.key).toBe(
      'container.not_found',
    );
    const open = await setup({ decay: false });
    expect((await rejection(open.service.add(tenant, tech, 'box', body(), 'r'))).notification).toMatchObject({
      key: 'container.measurement_state',
      params: { state: 'OPEN' },
    });
    const released = await setup();
    await released.containers.update(
      released.container,
      { ...released.container, IsReleasedByRadiationProtectionOfficer: true, Version: 3 },
      [{ field: 'IsReleasedByRadiationProtectionOfficer', old: null, new: true }],
      write('2026-11-20 08:30:00'),
    );
    expect((await rejection(released.service.add(tenant, tech, 'box', body(), 'r'))).notification.key).toBe(
      'container.release_frozen',
    );
    const { service } = await setup();
    const ahead = await rejection(service.add(tenant, tech, 'box', body({ MeasuredAt: '2026-11-20 09:05:01' }), 'r'));
    expect([ahead.statusCode, ahead.notification.details]).toEqual([
      400,
      [{ key: 'detail.future', params: { field: 'MeasuredAt', minutes: 5 } }],
    ]);
    expect(
      (await service.add(tenant, tech, 'box', body({ MeasuredAt: '2026-11-20 09:05:00' }), 'r')).model.MeasuredAt,
    ).toBe('2026-11-20 09:05:00');
    const before = await rejection(service.add(tenant, tech, 'box', body({ MeasuredAt: '2026-11-20 06:59:59' }), 'r'));
    expect(before.notification).toMatchObject({
      key: 'container.measurement_before_decay',
      params: { at: '2026-11-20 06:59:59', since: '2026-11-20 07:00:00' },
    });
    const bare = await setup({ links: [], weight: null });
    const inputs = await rejection(bare.service.add(tenant, tech, 'box', body(), 'r'));
    expect(inputs.notification.details!.map((d) => d.params!.field)).toEqual(['Weight', 'Contents']);
  });

  it('refuses an instrument of no such uuid, one not usable at MeasuredAt, one not calibrated for all', async () => {
    const { service, instruments } = await setup({
      links: [{ ...f18, nuclide: 'Ga-68', impurities: [{ nuclide: 'Ge-68', fraction: 1e-5 }] }],
    });
    expect(
      (await rejection(service.add(tenant, tech, 'box', body({ InstrumentUuid: 'none' }), 'r'))).notification.key,
    ).toBe('instrument.not_found');
    // An instrument never checked is not usable, whatever its calibration.
    const uncheckedCalibrations = ['F-18', 'Ga-68', 'Ge-68'].map((n) => calibration('BAG', n, 0.1));
    await instruments.create(
      createInstrument(
        tenant,
        'unchecked',
        {
          Name: 'unchecked',
          Model: 'M',
          SerialNumber: 'S',
          Kind: 'WELL_COUNTER',
          Calibrations: uncheckedCalibrations,
          CalibratedAt: '2026-01-01 00:00:00',
          CalibrationDueAt: '2027-01-01 00:00:00',
        },
        NOW,
      ),
      tech,
    );
    const unchecked = await rejection(service.add(tenant, tech, 'box', body({ InstrumentUuid: 'unchecked' }), 'r'));
    expect(unchecked.notification).toMatchObject({
      key: 'instrument.not_usable',
      params: { instrument: 'unchecked', at: '2026-11-20 08:00:00' },
      details: [{ key: 'detail.no_function_check', params: { at: '2026-11-20 08:00:00' } }],
    });
    await instruments.create(
      createInstrument(
        tenant,
        'f18only',
        {
          Name: 'F-18 only',
          Model: 'M',
          SerialNumber: 'S',
          Kind: 'WELL_COUNTER',
          Calibrations: [calibration('BAG', 'F-18', 0.1), calibration('BAG', 'Ga-68', 0.1)],
          CalibratedAt: '2026-01-01 00:00:00',
          CalibrationDueAt: '2027-01-01 00:00:00',
        },
        NOW,
      ),
      tech,
    );
    await instruments.addCheck(
      {
        Client: 'c1',
        Facility: 'f1',
        Uuid: 'c',
        InstrumentUuid: 'f18only',
        CheckedAt: '2026-11-20 07:30:00',
        Result: 'PASS',
        Reading: null,
        Note: null,
        CheckedBy: 'tech',
        CreatedAt: '2026-11-20 07:30:00',
      },
      tech,
    );
    // The Ge-68 breakthrough of the eluate is part of the vector: the counter must be calibrated for it too.
    const uncalibrated = await rejection(service.add(tenant, tech, 'box', body({ InstrumentUuid: 'f18only' }), 'r'));
    expect(uncalibrated.notification).toMatchObject({
      key: 'instrument.not_calibrated',
      details: [{ key: 'detail.calibration_missing', params: { geometry: 'BAG', nuclide: 'Ge-68' } }],
    });
    const drum = await rejection(service.add(tenant, tech, 'box', body({ Geometry: 'DRUM' }), 'r'));
    expect(drum.notification.details!.map((d) => d.params!.nuclide)).toEqual(['Ga-68', 'Ge-68']);
  });

  it('splits by the decayed vector, impurities included: ε = Σ f_i·ε_i', async () => {
    const { service } = await setup({
      links: [{ ...f18, nuclide: 'Ga-68', activity: 1e9, impurities: [{ nuclide: 'Ge-68', fraction: 1e-5 }] }],
    });
    const { model } = await service.add(tenant, tech, 'box', body(), 'r');
    const [ga, ge] = model.Nuclides;
    expect([ga!.Nuclide, ge!.Nuclide]).toEqual(['Ga-68', 'Ge-68']);
    // Two hours after the eluate: Ga-68 (68 min) decayed by 2^(120/67.71), Ge-68 (271 d) barely.
    expect(ge!.Fraction).toBeGreaterThan(3e-5);
    within(ga!.Fraction + ge!.Fraction, 1);
    within(model.Efficiency, ga!.Fraction * 0.1 + ge!.Fraction * 0.05);
    within(ge!.ValueUsed, ge!.Fraction * model.ValueUsed);
  });

  it('with contents without activities uses the lowest efficiency, f_i = 1 each, and says so', async () => {
    const { service } = await setup({
      links: [
        { kind: 'GENERATOR_ELUAT', id: 'e1', nuclide: 'Ga-68' },
        { kind: 'GENERATOR_ELUAT', id: 'e2', nuclide: 'Ge-68' },
      ],
    });
    const { model, notes } = await service.add(tenant, tech, 'box', body(), 'r');
    expect(model.SharesAssumed).toBe(true);
    expect(model.Efficiency).toBe(0.05);
    expect(model.Nuclides.map((n) => [n.Nuclide, n.Fraction, n.ValueUsed])).toEqual([
      ['Ga-68', 1, model.ValueUsed],
      ['Ge-68', 1, model.ValueUsed],
    ]);
    expect(notes).toEqual([{ key: 'measurement.shares_assumed' }]);
  });

  it('evaluates the surface part per cm² of the probe, with its own instrument, in the averaging area', async () => {
    const { service } = await setup();
    const surface = {
      InstrumentUuid: 'probe',
      Geometry: 'SURFACE' as const,
      GrossCounts: 300,
      GrossTimeSeconds: 30,
      BackgroundCounts: 150,
      BackgroundTimeSeconds: 30,
      AveragingAreaCm2: 100,
    };
    const { model } = await service.add(
      tenant,
      tech,
      'box',
      body({ NoFixedSurfaceReason: undefined, Surface: surface }),
      'r',
    );
    // w = 1/(ε_s·A) = 1/(0.2·100 cm²): r_n = 5 s⁻¹ gives 0.25 Bq/cm².
    within(model.Surface!.Activity, 0.25);
    expect(model.Surface).toMatchObject({ ProbeAreaCm2: 100, AveragingAreaCm2: 100, Instrument: { Uuid: 'probe' } });
    within(model.ReleaseTypes[0]!.SurfaceSumOfRatios!, 0.25);
    const small = await rejection(
      service.add(
        tenant,
        tech,
        'box',
        body({ NoFixedSurfaceReason: undefined, Surface: { ...surface, AveragingAreaCm2: 99 } }),
        'r',
      ),
    );
    expect(small.notification.details).toEqual([
      { key: 'detail.averaging_area_below_probe', params: { field: 'Surface.AveragingAreaCm2', area: 99, probe: 100 } },
    ]);
    // Without its own instrument the surface part uses the body's: a free-release monitor measures no surface.
    const { InstrumentUuid: _i, ...sameInstrument } = surface;
    const none = await rejection(
      service.add(tenant, tech, 'box', body({ NoFixedSurfaceReason: undefined, Surface: sameInstrument }), 'r'),
    );
    expect(none.notification).toMatchObject({
      key: 'measurement.instrument_unfit',
      params: { instrument: 'counter', kind: 'FREE_RELEASE_MONITOR', geometry: 'SURFACE' },
    });
  });

  it('refuses an instrument unfit for the geometry (§ 90 Abs. 4): a dose-rate meter decides nothing', async () => {
    const { service, measurements } = await setup();
    const error = await rejection(service.add(tenant, tech, 'box', body({ InstrumentUuid: 'meter' }), 'r'));
    expect([error.statusCode, error.notification]).toEqual([
      409,
      {
        key: 'measurement.instrument_unfit',
        params: { instrument: 'meter', kind: 'DOSE_RATE_METER', geometry: 'BAG', geometries: '–' },
      },
    ]);
    expect(await measurements.newest(tenant, 'box')).toBeUndefined();
  });

  it("carries the calibration's uncertainty into u(a) and a#: the worked example with u_rel 10 %", async () => {
    const { service } = await setup();
    const { model } = await service.add(tenant, tech, 'box', body({ InstrumentUuid: 'calibrated' }), 'r');
    within(model.Activity, 0.01);
    within(model.DecisionThreshold, 9.497e-4);
    within(model.DetectionLimit, 1.999e-3);
    within(model.StandardUncertainty, 1.2247e-3);
    expect(model.EfficiencyRelUncertainty).toBeCloseTo(0.1, 12);
    expect(model.Nuclides[0]).toMatchObject({ Efficiency: 0.1, EfficiencyRelUncertainty: 0.1 });
  });

  it('evaluates INDIVIDUAL once per notice in force at MeasuredAt that permits it', async () => {
    const { service, notices } = await setup();
    const notice = (uuid: string, ValidFrom: string, Limits: { Nuclide: string; SpecificActivity: number }[]) =>
      notices.create(
        createNotice(
          tenant,
          uuid,
          {
            FileNumber: uuid,
            Authority: 'A',
            Holder: 'H',
            Site: 'S',
            IssuedAt: '2026-01-01 00:00:00',
            ValidFrom,
            ReleaseTypes: Limits.length ? ['INDIVIDUAL'] : ['UNRESTRICTED'],
            WasteForms: ['SOLID'],
            Limits: Limits.map((l) => ({ ...l, SurfaceActivity: null })),
          },
          NOW,
        ),
        tech,
      );
    await notice('in-force', '2026-01-01 00:00:00', [{ Nuclide: 'F-18', SpecificActivity: 0.02 }]);
    await notice('later', '2026-12-01 00:00:00', [{ Nuclide: 'F-18', SpecificActivity: 1 }]);
    await notice('unrestricted', '2026-01-01 00:00:00', []);
    const { model } = await service.add(tenant, tech, 'box', body(), 'r');
    expect(model.ReleaseTypes.map((t) => [t.ReleaseType, t.ClearanceNoticeUuid])).toEqual([
      ['UNRESTRICTED', null],
      ['SPECIFIC_LANDFILL', null],
      ['SPECIFIC_INCINERATION', null],
      ['INDIVIDUAL', 'in-force'],
    ]);
    within(model.ReleaseTypes[3]!.SumOfRatios!, 0.5);
  });

  it('lists a container’s measurements newest MeasuredAt first; 404 for no container', async () => {
    const { service } = await setup();
    for (const at of ['2026-11-20 07:30:00', '2026-11-20 08:30:00', '2026-11-20 08:00:00'])
      await service.add(tenant, tech, 'box', body({ MeasuredAt: at }), `r-${at}`);
    const listing = await service.list(tenant, 'box');
    expect(listing.items.map((m) => m.MeasuredAt)).toEqual([
      '2026-11-20 08:30:00',
      '2026-11-20 08:00:00',
      '2026-11-20 07:30:00',
    ]);
    expect((await rejection(service.list({ client: 'c1', facility: 'f2' }, 'box'))).statusCode).toBe(404);
  });
});
