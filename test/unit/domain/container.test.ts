/** shared/domain/container.ts: states, release fields, partial update, the response model, the specific activity. */
import { describe, expect, it } from 'vitest';
import { assessContainer } from '../../../shared/domain/container-assessment';
import type { ContentLink } from '../../../shared/domain/container-contents';
import { CONTAINER_FIELDS, CONTAINER_STATES, type ContainerRecord } from '../../../shared/domain/container-fields';
import { defaultContainerModel, toContainerModel } from '../../../shared/domain/container-model';
import { createContainer, updateContainer } from '../../../shared/domain/container-rules';
import { canChangeState, checkDeletable } from '../../../shared/domain/container-states';
import { HALF_LIVES } from '../../../shared/domain/decay';
import { errorOf } from '../../support/errors';

const tenant = { client: 'c1', facility: 'f1' };
const now = new Date('2026-03-01T12:00:00Z');
const base = (): ContainerRecord => createContainer(tenant, 'u1', { Name: 'Box' }, [], now);
const released = {
  IsReleasedByRadiationProtectionOfficer: true,
  ReleasedByRadiationProtectionOfficer: 'rpo-1',
  ReleasedByRadiationProtectionOfficerDateTime: '2026-02-01 10:00:00',
};

describe('container states', () => {
  const allowed = new Set([
    'OPEN>DECAY',
    'DECAY>RELEASE_DATE_REACHED',
    'DECAY>DISPATCHED',
    'RELEASE_DATE_REACHED>DECAY',
    'RELEASE_DATE_REACHED>DISPATCHED',
    'RELEASE_DATE_REACHED>DISPOSED',
  ]);
  for (const from of CONTAINER_STATES) {
    for (const to of CONTAINER_STATES) {
      const expected = from === to || allowed.has(`${from}>${to}`);
      it(`${from} -> ${to} is ${expected ? 'allowed' : 'refused'}`, () => {
        expect(canChangeState(from, to)).toBe(expected);
      });
    }
  }

  it('refuses a skipped state with 409 naming both states', () => {
    const error = errorOf(() => updateContainer(base(), { State: 'RELEASE_DATE_REACHED' }, [], now));
    expect(error.statusCode).toBe(409);
    expect(error.notification).toMatchObject({
      key: 'container.state_change_forbidden',
      params: { from: 'OPEN', to: 'RELEASE_DATE_REACHED' },
    });
  });

  it('needs a release for DISPOSED; DISPATCHED (to a licensed disposer) needs none', () => {
    const reached = { ...base(), State: 'RELEASE_DATE_REACHED' as const };
    const error = errorOf(() => updateContainer(reached, { State: 'DISPOSED' }, ['rpo'], now));
    expect(error.statusCode).toBe(409);
    expect(error.notification.key).toBe('container.release_required');
    expect(error.notification.details?.map((d) => d.params?.field)).toEqual([
      'IsReleasedByRadiationProtectionOfficer',
      'ReleasedByRadiationProtectionOfficer',
      'ReleasedByRadiationProtectionOfficerDateTime',
    ]);
    // Released, and its labels off (StrlSchV § 93 Abs. 2).
    expect(
      updateContainer({ ...reached, ...released }, { State: 'DISPOSED', LabelsRemoved: true }, [], now).next.State,
    ).toBe('DISPOSED');
    expect(
      errorOf(() => updateContainer({ ...reached, ...released }, { State: 'DISPOSED' }, [], now)).notification.key,
    ).toBe('container.labels_not_removed');
    expect(updateContainer({ ...base(), State: 'DECAY' }, { State: 'DISPATCHED' }, [], now).next.State).toBe(
      'DISPATCHED',
    );
  });

  it('starts new containers in OPEN only', () => {
    expect(errorOf(() => createContainer(tenant, 'u2', { Name: 'x', State: 'DECAY' }, [], now)).notification.key).toBe(
      'container.initial_state',
    );
  });

  it('deletes only while OPEN', () => {
    expect(() => checkDeletable(base())).not.toThrow();
    expect(errorOf(() => checkDeletable({ ...base(), State: 'DECAY' })).statusCode).toBe(409);
  });
});

describe('release fields (role rpo only, set by a release only)', () => {
  it('refuses setting them without the role, naming the fields', () => {
    const error = errorOf(() =>
      updateContainer(
        base(),
        { IsReleasedByRadiationProtectionOfficer: true, ReleasedByRadiationProtectionOfficer: 'x', Name: 'ok' },
        ['reporter'],
        now,
      ),
    );
    expect(error.statusCode).toBe(403);
    expect(error.notification.details?.map((d) => d.params?.field)).toEqual([
      'IsReleasedByRadiationProtectionOfficer',
      'ReleasedByRadiationProtectionOfficer',
    ]);
  });

  it("an update that sets the flag releases as the caller, at the server's time, and says so", () => {
    const reached = { ...base(), State: 'RELEASE_DATE_REACHED' as const };
    const outcome = updateContainer(
      reached,
      {
        IsReleasedByRadiationProtectionOfficer: true,
        ReleasedByRadiationProtectionOfficerDateTime: '2020-01-01 00:00:00',
      },
      ['rpo'],
      now,
      { caller: 'rpo-7' },
    );
    expect(outcome.releasing).toBe(true);
    expect(outcome.next).toMatchObject({
      ReleasedByRadiationProtectionOfficer: 'rpo-7',
      ReleasedByRadiationProtectionOfficerDateTime: '2026-03-01 12:00:00',
    });
    expect(outcome.notes.map((n) => n.key)).toContain('release.time_from_server');
  });

  it('400 when the update names someone else as releaser, or sets the officer or the time without releasing', () => {
    const reached = { ...base(), State: 'RELEASE_DATE_REACHED' as const };
    const other = errorOf(() =>
      updateContainer(reached, { ...released, ReleasedByRadiationProtectionOfficer: 'someone-else' }, ['rpo'], now, {
        caller: 'rpo-7',
      }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.notification.details).toEqual([
      { key: 'detail.released_by_caller', params: { field: 'ReleasedByRadiationProtectionOfficer' } },
    ]);
    const alone = errorOf(() =>
      updateContainer(base(), { ReleasedByRadiationProtectionOfficerDateTime: '2026-01-01 00:00:00' }, ['rpo'], now),
    );
    expect(alone.notification.details).toEqual([
      { key: 'detail.set_by_release', params: { field: 'ReleasedByRadiationProtectionOfficerDateTime' } },
    ]);
  });

  it('after the release: weight, measurement, factor and the release are frozen (409); resending passes', () => {
    const done = { ...base(), State: 'RELEASE_DATE_REACHED' as const, ...released };
    expect(() => updateContainer(done, { ...released, Name: 'renamed' }, [], now)).not.toThrow();
    for (const patch of [
      { Weight: 5 },
      { MeasurementActivity: 9e9 },
      { MeasurementFactor: 2 },
      { MeasurementDate: '2026-02-01 00:00:00' },
      { IsReleasedByRadiationProtectionOfficer: false },
      { State: 'DECAY' as const },
    ]) {
      const error = errorOf(() => updateContainer(done, patch, ['rpo'], now));
      expect(error.statusCode).toBe(409);
      expect(error.notification.key).toBe('container.release_frozen');
    }
  });

  it('refuses them on create without the role, and refuses a release on create', () => {
    expect(
      errorOf(() => createContainer(tenant, 'u3', { Name: 'x', ReleasedByRadiationProtectionOfficer: 'me' }, [], now))
        .statusCode,
    ).toBe(403);
    expect(
      errorOf(() =>
        createContainer(tenant, 'u3', { Name: 'x', IsReleasedByRadiationProtectionOfficer: true }, ['rpo'], now),
      ).notification.key,
    ).toBe('container.release_state');
  });
});

describe('the gate and the release date', () => {
  // 10 kg measured at 1 MBq of F-18 at 08:00: 100 Bq/g, ten times the clearance level; cleared at 14:04:39.
  const measuredAt = '2026-03-01 08:00:00';
  const f18: ContentLink[] = [
    { kind: 'CYCLOTRON_PRODUCT', id: 'p1', nuclide: 'F-18', activity: 1e6, activityDateTime: measuredAt },
  ];
  const decaying = (): ContainerRecord => ({
    ...base(),
    State: 'DECAY',
    Weight: 10_000,
    MeasurementActivity: 1e6,
    MeasurementDate: measuredAt,
    ReleaseDateTime: '2026-03-01 14:04:39',
  });
  const at = (time: string) => new Date(`2026-03-01T${time}Z`);

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

  it('a re-measurement in DECAY predicts the date again, with an Info note and an audited change', () => {
    const { next, changes, notes } = updateContainer(decaying(), { MeasurementActivity: 1e8 }, [], at('09:00:00'), {
      links: f18,
    });
    // 100x the activity: 10,000 Bq/g, cleared after T½ x log2(1000) = 6586.2 s x 9.9658 = 65,637 s, at 02:13:57.
    expect(next.ReleaseDateTime).toBe('2026-03-02 02:13:57');
    expect(notes).toEqual([{ key: 'release.date_repredicted', params: { date: '2026-03-02 02:13:57' } }]);
    expect(changes).toContainEqual({
      field: 'ReleaseDateTime',
      old: '2026-03-01 14:04:39',
      new: '2026-03-02 02:13:57',
    });
  });

  it('a client date earlier than the prediction is 409; a later one is kept', () => {
    const error = errorOf(() =>
      updateContainer(decaying(), { ReleaseDateTime: '2020-01-01 00:00:00' }, [], at('09:00:00'), { links: f18 }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.notification).toMatchObject({
      key: 'container.release_date_too_early',
      params: { date: '2020-01-01 00:00:00', predicted: '2026-03-01 14:04:39' },
    });
    const later = updateContainer(decaying(), { ReleaseDateTime: '2026-03-05 00:00:00' }, [], at('09:00:00'), {
      links: f18,
    });
    expect(later.next.ReleaseDateTime).toBe('2026-03-05 00:00:00');
  });

  it('RELEASE_DATE_REACHED -> DECAY is allowed (a container found not cleared goes back)', () => {
    const reached = { ...decaying(), State: 'RELEASE_DATE_REACHED' as const };
    expect(updateContainer(reached, { State: 'DECAY' }, [], at('15:00:00'), { links: f18 }).next.State).toBe('DECAY');
  });

  it('400 for a measurement time more than 5 minutes ahead; 5 minutes is tolerated', () => {
    const error = errorOf(() => updateContainer(base(), { MeasurementDate: '2026-03-01 12:05:01' }, [], now));
    expect(error.statusCode).toBe(400);
    expect(error.notification.details).toEqual([
      { key: 'detail.future', params: { field: 'MeasurementDate', minutes: 5 } },
    ]);
    expect(() => updateContainer(base(), { MeasurementDate: '2026-03-01 12:05:00' }, [], now)).not.toThrow();
  });
});

describe('partial update', () => {
  it('sets present members, keeps absent ones, clears with null, bumps the version and lists changes', () => {
    const start = { ...base(), Weight: 12, MeasurementActivity: 100 };
    const { next, changes } = updateContainer(
      start,
      { Weight: null, Name: 'New' },
      [],
      new Date('2026-03-02T00:00:00Z'),
    );
    expect(next).toMatchObject({
      Weight: null,
      Name: 'New',
      MeasurementActivity: 100,
      Version: start.Version + 1,
      UpdatedAt: '2026-03-02 00:00:00',
      CreatedAt: start.CreatedAt,
    });
    expect(changes).toEqual([
      { field: 'Name', old: 'Box', new: 'New' },
      { field: 'Weight', old: 12, new: null },
    ]);
  });
});

describe('response model', () => {
  it('has the 27 fields of the interface in order, then WasteForm and LabelsRemoved', () => {
    const model = toContainerModel({ record: base(), links: [], dispatchId: null, disposeId: null }, new Map(), now);
    expect(Object.keys(model)).toEqual([...CONTAINER_FIELDS]);
    expect(CONTAINER_FIELDS).toHaveLength(29);
    expect(CONTAINER_FIELDS.slice(26)).toEqual(['Uuid', 'WasteForm', 'LabelsRemoved']);
    expect(model).toMatchObject({ WasteForm: null, LabelsRemoved: false });
    expect(Object.keys(defaultContainerModel(tenant))).toEqual([...CONTAINER_FIELDS]);
  });
});

describe('kept records', () => {
  const kept = (state: 'DISPATCHED' | 'DISPOSED'): ContainerRecord => ({
    ...base(),
    State: state,
    IsReleasedByRadiationProtectionOfficer: true,
    ReleasedByRadiationProtectionOfficer: 'rpo',
    ReleasedByRadiationProtectionOfficerDateTime: '2026-01-01 00:00:00',
  });

  it.each(['DISPATCHED', 'DISPOSED'] as const)(
    'a %s container refuses any change with 409 naming the state, before the role check',
    (state) => {
      for (const patch of [
        { Name: 'x' },
        { Weight: 1 },
        { State: 'OPEN' as const },
        { IsReleasedByRadiationProtectionOfficer: false },
      ]) {
        const error = errorOf(() => updateContainer(kept(state), patch, [], now));
        expect([error.statusCode, error.notification]).toEqual([
          409,
          { key: 'container.read_only', params: { state } },
        ]);
      }
      expect(updateContainer(kept(state), { Name: 'Box', State: state }, [], now).changes).toEqual([]);
    },
  );
});

describe('CurrentSpecificActivity (Bq/g)', () => {
  const links: ContentLink[] = [
    { kind: 'CYCLOTRON_PRODUCT', id: 'p1', nuclide: 'F-18' },
    { kind: 'GENERATOR_ELUAT', id: 'e1', nuclide: 'I-131' },
  ];
  const measured = {
    ...base(),
    MeasurementActivity: 5000,
    MeasurementFactor: 2,
    Weight: 1000,
    MeasurementDate: '2026-01-01 00:00:00',
  };
  const csa = (record: ContainerRecord, contents: ContentLink[], at: Date) =>
    toContainerModel({ record, links: contents, dispatchId: null, disposeId: null }, new Map(), at)
      .CurrentSpecificActivity as number | null;

  it('without content activities: activity x factor / weight, decayed with the longest half-life (I-131)', () => {
    // 5000 Bq x 2 / 1000 g = 10 Bq/g; one I-131 half-life (8.0252 d) later: 5 Bq/g.
    const oneHalfLifeLater = new Date(Date.parse('2026-01-01T00:00:00Z') + HALF_LIVES['I-131']! * 1000);
    expect(csa(measured, links, oneHalfLifeLater)).toBeCloseTo(5, 9);
  });

  it('with content activities: the sum of each nuclide decayed with its own half-life, as the assessment says', () => {
    // 90 % F-18, 10 % I-131 of 10 Bq/g; one I-131 half-life later F-18 is gone (9 x 2^-105) and I-131 is 0.5 Bq/g.
    const dated = links.map((l, i) => ({
      ...l,
      activity: i === 0 ? 9 : 1,
      activityDateTime: '2026-01-01 00:00:00',
    }));
    const later = new Date(Date.parse('2026-01-01T00:00:00Z') + HALF_LIVES['I-131']! * 1000);
    const value = csa(measured, dated, later)!;
    expect(value).toBeCloseTo(0.5, 9);
    const assessment = assessContainer(measured, dated, later);
    expect(value).toBe(assessment.Nuclides.reduce((sum, n) => sum + n.SpecificActivityBqPerG!, 0));
  });

  it('uses a factor of 1 when none is given', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(csa({ ...measured, MeasurementFactor: null }, links, at)).toBeCloseTo(5, 9);
  });

  it.each([
    ['no activity', { MeasurementActivity: null }],
    ['no weight', { Weight: null }],
    ['zero weight', { Weight: 0 }],
    ['no measurement date', { MeasurementDate: null }],
  ])('is null with %s', (_name, change) => {
    expect(csa({ ...measured, ...change }, links, new Date())).toBeNull();
  });

  it('is null without a linked nuclide', () => {
    expect(csa(measured, [], new Date())).toBeNull();
  });
});
