/**
 * shared/services/release-notice.ts over the in-memory stores (test/support/memory/), reached as the release and
 * container services reach it under the German regime: the lawful release (a notice of the facility in force that
 * permits the type and the form, or the one such notice for a PUT; a recent decision measurement since DECAY of the
 * present mass whose detection limits are low enough and whose values meet the type or the notice; a route's 100 Mg
 * per calendar year where the facility is, and its plant), the officer's cause of a measurement that disagrees with
 * the prediction, and what it writes beside the container (its record document, its register line, the notice's
 * citation, the locked file, the measured specific activity).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rejection } from '../../support/errors';
import { measurementFixture, noticeFixture } from '../../support/memory/release-sources';
import {
  ada,
  addDisposalNotice,
  decaying,
  grace,
  input,
  measure,
  NEXT_DAY,
  ready,
  setup,
  tenant,
} from '../../support/memory/releasing';

describe('the release under a clearance notice', () => {
  it('releases on the notice and the decision measurement: record, register line, citation, locked file', async () => {
    const s = setup();
    const uuid = await ready(s);
    const { model, etag } = await s.releases.release(tenant, grace, uuid, input(s), 'req-1');
    expect(model).toMatchObject({
      ContainerUuid: uuid,
      ReleaseType: 'UNRESTRICTED',
      ClearanceNoticeUuid: 'notice-1',
      ReleasedAt: '2026-11-21 08:00:00',
      ReleasedBy: 'grace',
      ReleasedByName: 'Grace Hopper',
      Justification: null,
      Assessment: {
        ReleaseType: 'UNRESTRICTED',
        DecisionMeasurement: { ClearanceReached: true, DetectionLimitsSufficient: true, SumOfRatios: 0.001 },
      },
    });
    const document = s.store.documents.get(model.RecordDocumentUuid)!;
    expect(document).toMatchObject({ Scope: 'RECORD', ScopeReference: uuid, KeptUntil: '2056-11-21 08:00:00' });
    const file = s.files.objects.get(document.File!.Key)!;
    expect(createHash('sha256').update(file.body).digest('hex')).toBe(model.Sha256);
    expect(file.retention).toMatchObject({ mode: 'COMPLIANCE', sha256: model.Sha256 });
    expect((await s.containers.load(tenant, uuid)).etag).toBe(etag);
    expect(s.store.citations).toEqual([{ tenant, notice: { Uuid: 'notice-1', Version: 1 } }]);
    const [line] = await s.register.register(tenant, 2026);
    expect(line).toMatchObject({
      ContainerUuid: uuid,
      Weight: 10_000,
      WasteForm: 'SOLID',
      SumOfRatios: 0.001,
      MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS',
      InstrumentSerialNumber: 'SN-4711',
      DecisionMeasurementAt: '2026-11-21 08:00:00',
      ReleaseType: 'UNRESTRICTED',
      ClearanceNoticeUuid: 'notice-1',
      ClearanceNoticeFileNumber: 'RP-2026/0815',
      Nuclides: [
        { Nuclide: 'F-18', SpecificActivityBqPerG: 0.01, ValueUsedBqPerG: 0.01, BelowDecisionThreshold: false },
      ],
    });
  });

  it('rests on a notice of the facility in force that permits the type and the form', async () => {
    const s = setup();
    const uuid = await ready(s);
    const unknown = await rejection(s.releases.release(tenant, grace, uuid, { ...input(s), noticeUuid: 'nope' }, 'r'));
    expect([unknown.statusCode, unknown.notification.key]).toEqual([404, 'clearance_notice.not_found']);
    s.sources.addNotice(
      noticeFixture(tenant, {
        Uuid: 'later',
        ValidFrom: '2027-01-01 00:00:00',
        ReleaseTypes: ['INDIVIDUAL'],
        WasteForms: ['LIQUID_AQUEOUS'],
      }),
    );
    const misfit = await rejection(s.releases.release(tenant, grace, uuid, { ...input(s), noticeUuid: 'later' }, 'r'));
    expect(misfit.notification).toMatchObject({
      key: 'container.notice_not_applicable',
      params: { fileNumber: 'RP-2026/0815' },
    });
    expect(misfit.notification.details!.map((d) => d.key)).toEqual([
      'detail.notice_not_in_force',
      'detail.notice_type',
      'detail.notice_form',
    ]);
    // Another facility's notice is not found.
    s.sources.addNotice(noticeFixture({ client: 'c1', facility: 'f2' }, { Uuid: 'elsewhere' }));
    const foreign = await rejection(
      s.releases.release(tenant, grace, uuid, { ...input(s), noticeUuid: 'elsewhere' }, 'r'),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('needs a waste form the type covers: an aqueous liquid is released only in the individual case', async () => {
    const s = setup();
    const uuid = await ready(s);
    await s.containers.update(tenant, ada, uuid, { WasteForm: null }, undefined, 'r');
    const none = await rejection(s.releases.release(tenant, grace, uuid, input(s), 'r'));
    expect(none.notification.key).toBe('container.waste_form_required');
    await s.containers.update(tenant, ada, uuid, { WasteForm: 'LIQUID_AQUEOUS' }, undefined, 'r');
    const liquid = await rejection(s.releases.release(tenant, grace, uuid, input(s), 'r'));
    expect(liquid.notification).toEqual({
      key: 'container.waste_form_not_permitted',
      params: { type: 'UNRESTRICTED', form: 'LIQUID_AQUEOUS', forms: 'SOLID, LIQUID_ORGANIC, OIL' },
    });
  });

  it('needs a decision measurement since DECAY, recent, of the present mass, detection limits low enough', async () => {
    const s = setup();
    const uuid = await decaying(s);
    s.at(NEXT_DAY);
    await s.containers.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
    const none = await rejection(s.releases.release(tenant, grace, uuid, input(s), 'r'));
    expect(none.notification).toEqual({
      key: 'container.decision_measurement_required',
      params: { since: '2026-11-20 08:00:00' },
    });
    measure(s, uuid);
    s.at('2026-11-29T08:00:01Z');
    const old = await rejection(s.releases.release(tenant, grace, uuid, input(s), 'r'));
    expect(old.notification).toEqual({
      key: 'container.decision_measurement_stale',
      params: { at: '2026-11-21 08:00:00', reason: 'older than 7 days' },
    });
    await s.containers.update(tenant, ada, uuid, { Weight: 9_000 }, undefined, 'r');
    measure(s, uuid, { weightG: 10_000 });
    const lighter = await rejection(s.releases.release(tenant, grace, uuid, input(s), 'r'));
    expect(lighter.notification.params).toMatchObject({
      reason: 'it measured 10000 g, the container now weighs 9000 g',
    });
    s.sources.addMeasurement(
      tenant,
      measurementFixture({
        containerUuid: uuid,
        at: '2026-11-29 08:00:02',
        weightG: 9_000,
        fractions: { 'F-18': 1 },
        valueUsed: 5,
        detectionLimit: 20,
        detected: false,
      }),
    );
    s.at('2026-11-29T08:00:03Z');
    const blind = await rejection(s.releases.release(tenant, grace, uuid, input(s), 'r'));
    expect(blind.notification).toMatchObject({
      key: 'container.detection_limit_too_high',
      params: { at: '2026-11-29 08:00:02', type: 'UNRESTRICTED' },
    });
  });

  it('a release for disposal measures against its column (landfill Spalte 8) and names its plant', async () => {
    const s = setup();
    addDisposalNotice(s);
    const f18 = await ready(s);
    const landfill = { ...input(s, 'SPECIFIC_LANDFILL', null, { plant: 'Deponie Nord' }), noticeUuid: 'disposal' };
    const missing = await rejection(s.releases.release(tenant, grace, f18, landfill, 'r'));
    expect(missing.notification.details).toContainEqual({
      key: 'detail.missing_input',
      params: { field: 'ClearanceLevel:F-18' },
    });
    // I-131 at 8 Bq/g: against Spalte 8 (50 Bq/g) a ratio of 0.16.
    const iodine = await decaying(s, { name: 'Iodine', nuclide: 'I-131', activity: 8.7e4 });
    await s.containers.update(tenant, ada, iodine, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
    measure(s, iodine, { nuclide: 'I-131', valueUsed: 8 });
    const unnamed = await rejection(s.releases.release(tenant, grace, iodine, { ...landfill, plant: null }, 'r'));
    expect([unnamed.statusCode, unnamed.notification.details]).toEqual([
      400,
      [{ key: 'detail.required_with', params: { field: 'DisposalPlant', other: 'ReleaseType SPECIFIC_LANDFILL' } }],
    ]);
    const wrong = await rejection(s.releases.release(tenant, grace, iodine, { ...landfill, plant: 'MVA Süd' }, 'r'));
    expect(wrong.notification).toMatchObject({ key: 'container.disposal_plant', params: { plant: 'MVA Süd' } });
    // A German release names its clearance notice: without one it is 400 naming the member.
    const unnoticed = await rejection(
      s.releases.release(tenant, grace, iodine, { ...landfill, noticeUuid: null }, 'r'),
    );
    expect([unnoticed.statusCode, unnoticed.notification.details]).toEqual([
      400,
      [{ key: 'detail.required', params: { field: 'ClearanceNoticeUuid' } }],
    ]);
    const { model } = await s.releases.release(tenant, grace, iodine, landfill, 'r');
    expect(model.Assessment!.DecisionMeasurement).toMatchObject({ SumOfRatios: 0.16, ClearanceReached: true });
    expect(model.Assessment!.Nuclides[0]!.ClearanceLevelBqPerG).toBe(50);
    expect(model).toMatchObject({
      ReleaseType: 'SPECIFIC_LANDFILL',
      DisposalPlant: { Name: 'Deponie Nord', Address: 'Deponieweg 5, 12345 Musterstadt' },
    });
    const line = (await s.register.register(tenant, 2026)).find((l) => l.ContainerUuid === iodine)!;
    expect(line).toMatchObject({ ReleaseType: 'SPECIFIC_LANDFILL', DisposalPlant: { Name: 'Deponie Nord' } });
    const plantLines = Object.fromEntries(s.rendered.at(-1)!.sections.flatMap((x) => ('lines' in x ? x.lines : [])));
    expect(plantLines['Beseitigungsanlage (Verbleib)']).toBe('Deponie Nord, Deponieweg 5, 12345 Musterstadt');
    // An unrestricted release names no plant.
    const other = await ready(s, { name: 'Other' });
    const named = await rejection(
      s.releases.release(tenant, grace, other, { ...input(s), plant: 'Deponie Nord' }, 'r'),
    );
    expect(named.notification.details).toEqual([
      { key: 'detail.plant_for_disposal', params: { field: 'DisposalPlant' } },
    ]);
  });

  it("counts the 100 Mg of a route per calendar year where the facility is (Berlin): New Year's night", async () => {
    const s = setup();
    addDisposalNotice(s, { MaxAveragingMassKg: 60_000 });
    const landfill = { ...input(s, 'SPECIFIC_LANDFILL', null, { plant: 'Deponie Nord' }), noticeUuid: 'disposal' };
    // 60 t of I-131 at 1 Bq/g each, released at the given UTC time.
    const release = async (name: string, at: string) => {
      const uuid = await decaying(s, { name, nuclide: 'I-131', activity: 6e7, weight: 60e6 });
      s.at(at);
      await s.containers.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
      measure(s, uuid, { nuclide: 'I-131', valueUsed: 0.027, weightG: 60e6 });
      return s.releases.release(tenant, grace, uuid, landfill, 'r');
    };
    await release('December', '2026-12-31T22:00:00Z');
    // 22:59:59 UTC is 23:59:59 in Berlin: still 2026, 120 t would be over.
    const late = await rejection(release('Late', '2026-12-31T22:59:59Z'));
    expect(late.notification).toEqual({
      key: 'container.disposal_mass_exceeded',
      params: { type: 'SPECIFIC_LANDFILL', total: 120_000, year: 2026, timeZone: 'Europe/Berlin' },
    });
    // 23:00:00 UTC is midnight in Berlin: 2027 begins, though the UTC year (and its 60 t) has an hour to go.
    const { model } = await release('New Year', '2026-12-31T23:00:00Z');
    expect(model.ReleasedAt).toBe('2026-12-31 23:00:00');
    expect((await s.register.summary(tenant, 2027)).ReleaseTypes).toContainEqual({
      ReleaseType: 'SPECIFIC_LANDFILL',
      Releases: 1,
      TotalWeight: 60e6,
    });
    expect((await s.register.summary(tenant, 2026)).TotalWeight).toBe(60e6);
  });

  it('INDIVIDUAL measures against the notice values; a nuclide it does not list is missing', async () => {
    const s = setup();
    s.sources.addNotice(
      noticeFixture(tenant, {
        Uuid: 'single-case',
        ReleaseTypes: ['INDIVIDUAL'],
        WasteForms: ['LIQUID_AQUEOUS'],
        Limits: [{ Nuclide: 'I-131', SpecificActivity: 1, SurfaceActivity: null }],
      }),
    );
    const uuid = await ready(s);
    await s.containers.update(tenant, ada, uuid, { WasteForm: 'LIQUID_AQUEOUS' }, undefined, 'r');
    const error = await rejection(
      s.releases.release(tenant, grace, uuid, { ...input(s, 'INDIVIDUAL'), noticeUuid: 'single-case' }, 'r'),
    );
    expect(error.notification.details).toContainEqual({
      key: 'detail.missing_input',
      params: { field: 'ClearanceLevel:F-18' },
    });
  });

  it('a PUT setting the release runs the act UNRESTRICTED under the one notice that permits it', async () => {
    const s = setup();
    const uuid = await ready(s);
    s.sources.addNotice(noticeFixture(tenant, { Uuid: 'second' }));
    const two = await rejection(
      s.containers.update(tenant, grace, uuid, { IsReleasedByRadiationProtectionOfficer: true }, undefined, 'r'),
    );
    expect(two.notification).toEqual({ key: 'container.release_notice_ambiguous', params: { count: 2 } });
    const s1 = setup();
    const one = await ready(s1);
    const done = await s1.containers.update(
      tenant,
      grace,
      one,
      { IsReleasedByRadiationProtectionOfficer: true },
      undefined,
      'r',
    );
    expect(done.model).toMatchObject({ IsReleasedByRadiationProtectionOfficer: true });
    expect((await s1.register.register(tenant, 2026))[0]).toMatchObject({ ClearanceNoticeUuid: 'notice-1' });
  });

  it('after the release the container shows the release, the measured specific activity, who measured', async () => {
    const s = setup();
    const uuid = await ready(s);
    const before = await s.containers.load(tenant, uuid);
    // Before: the closing measurement's prediction, 100 Bq/g a day ago: about 0.01125 Bq/g, by Ada who entered it.
    expect(before.model).toMatchObject({ MeasuredBy: 'ada', MeasuredByName: 'Ada Lovelace' });
    expect(before.model.CurrentSpecificActivity as number).toBeCloseTo(0.01125, 4);
    await s.releases.release(tenant, grace, uuid, input(s), 'r');
    const after = await s.containers.load(tenant, uuid);
    expect(after.model).toMatchObject({
      ReleaseDateTime: '2026-11-21 08:00:00',
      ReleasedByRadiationProtectionOfficerDateTime: '2026-11-21 08:00:00',
      CurrentSpecificActivity: 0.01,
    });
    // It decays from the measured value on, not from the prediction.
    s.at('2026-11-21T09:49:46.200Z');
    expect((await s.containers.load(tenant, uuid)).model.CurrentSpecificActivity as number).toBeCloseTo(0.005, 6);
  });

  it(
    'refuses a measurement that disagrees with the prediction until the officer records the cause, which the ' +
      'record prints',
    async () => {
      const s = setup();
      const uuid = await ready(s);
      // Predicted now 0.01125 Bq/g; measured 0.0005: 22 times lower.
      measure(s, uuid, { valueUsed: 0.0005 });
      const refused = await rejection(s.releases.release(tenant, grace, uuid, input(s), 'r'));
      expect(refused.notification).toMatchObject({
        key: 'measurement.implausible',
        params: { at: '2026-11-21 08:00:00', measured: '0.00005', type: 'UNRESTRICTED' },
      });
      // The PUT that releases has no room for a cause: the same 409.
      const put = await rejection(
        s.containers.update(tenant, grace, uuid, { IsReleasedByRadiationProtectionOfficer: true }, undefined, 'r'),
      );
      expect(put.notification.key).toBe('measurement.implausible');
      const cause = 'vial residue measured in the activity meter: declared activity was the dispensed dose';
      const { model } = await s.releases.release(
        tenant,
        grace,
        uuid,
        input(s, 'UNRESTRICTED', null, { discrepancyCause: cause }),
        'r',
      );
      expect(model).toMatchObject({ DiscrepancyCause: cause, Assessment: { Plausibility: { Plausible: false } } });
      const lines = Object.fromEntries(s.rendered[0]!.sections.flatMap((x) => ('lines' in x ? x.lines : [])));
      expect(lines['Ursache der Abweichung (Strahlenschutzbeauftragte/r)']).toBe(cause);
      expect(s.rendered[0]!.sections.some((x) => 'chart' in x)).toBe(true);
    },
  );
});
