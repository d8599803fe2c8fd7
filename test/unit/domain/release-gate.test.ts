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
import { measurementFixture, noticeFixture } from '../../support/memory/release-sources';

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
  measurement: measured(),
  decayEnteredAt: '2026-11-20 09:00:00',
  disposalMassThisYear: 0,
  maxAgeDays: 7,
  now: NOW,
  ...change,
});
const refusal = (change: Partial<ReleaseGateInput>) => {
  const error = errorOf(() => checkRelease(gate(change)));
  expect(error.statusCode).toBe(409);
  return error.notification;
};

describe('the gate of the release act', () => {
  it('lets a container through on a notice that permits it and a recent decision measurement that clears it', () => {
    const assessment = checkRelease(gate());
    expect(assessment.DecisionMeasurement).toMatchObject({ ClearanceReached: true, DetectionLimitsSufficient: true });
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
    expect(refusal({ type: 'SPECIFIC_DISPOSAL' }).key).toBe('container.notice_not_applicable');
  });

  it('keeps the disposal route within 100 Mg a calendar year', () => {
    const notice = noticeFixture(tenant, { ReleaseTypes: ['SPECIFIC_DISPOSAL'] });
    expect(refusal({ type: 'SPECIFIC_DISPOSAL', notice, disposalMassThisYear: 100e6 - 9_999 })).toEqual({
      key: 'container.disposal_mass_exceeded',
      params: { total: 100_000.001 },
    });
  });

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
