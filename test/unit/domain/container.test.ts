/** shared/domain/container.ts: states, release fields, partial update, the response model, the specific activity. */
import { describe, expect, it } from 'vitest';
import {
  canChangeState,
  checkDeletable,
  CONTAINER_FIELDS,
  CONTAINER_STATES,
  createContainer,
  currentSpecificActivity,
  defaultContainerModel,
  EMPTY_CONTAINER,
  toContainerModel,
  updateContainer,
  type ContainerRecord,
  type ContentLink,
} from '../../../shared/domain/container';
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

  it('needs a complete release for DISPATCHED and DISPOSED', () => {
    const reached = { ...base(), State: 'RELEASE_DATE_REACHED' as const };
    const error = errorOf(() =>
      updateContainer(reached, { State: 'DISPOSED', IsReleasedByRadiationProtectionOfficer: true }, ['rpo'], now),
    );
    expect(error.statusCode).toBe(409);
    expect(error.notification.key).toBe('container.release_required');
    expect(error.notification.details?.map((d) => d.params?.field)).toEqual([
      'ReleasedByRadiationProtectionOfficer',
      'ReleasedByRadiationProtectionOfficerDateTime',
    ]);
    const { next } = updateContainer(reached, { State: 'DISPOSED', ...released }, ['rpo'], now);
    expect(next.State).toBe('DISPOSED');
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

describe('release fields (role rpo only)', () => {
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

  it('allows them with the role, and allows others to resend an unchanged value', () => {
    const { next } = updateContainer(base(), released, ['rpo'], now);
    expect(next.IsReleasedByRadiationProtectionOfficer).toBe(true);
    expect(() => updateContainer(next, { ...released, Name: 'renamed' }, [], now)).not.toThrow();
    expect(
      errorOf(() => updateContainer(next, { IsReleasedByRadiationProtectionOfficer: null }, [], now)).statusCode,
    ).toBe(403);
  });

  it('refuses them on create without the role', () => {
    expect(
      errorOf(() => createContainer(tenant, 'u3', { Name: 'x', ReleasedByRadiationProtectionOfficer: 'me' }, [], now))
        .statusCode,
    ).toBe(403);
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
  it('has exactly the 27 fields of the interface, in order', () => {
    const model = toContainerModel({ record: base(), links: [], dispatchId: null, disposeId: null }, new Map(), now);
    expect(Object.keys(model)).toEqual([...CONTAINER_FIELDS]);
    expect(CONTAINER_FIELDS).toHaveLength(27);
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
    ...EMPTY_CONTAINER,
    MeasurementActivity: 5000,
    MeasurementFactor: 2,
    Weight: 1000,
    MeasurementDate: '2026-01-01 00:00:00',
  };

  it('is activity x factor / weight, decayed with the longest half-life (I-131 here)', () => {
    // 5000 Bq x 2 / 1000 g = 10 Bq/g; one I-131 half-life (8.0252 d) later: 5 Bq/g.
    const oneHalfLifeLater = new Date(Date.parse('2026-01-01T00:00:00Z') + HALF_LIVES['I-131']! * 1000);
    expect(currentSpecificActivity(measured, links, oneHalfLifeLater)).toBeCloseTo(5, 9);
  });

  it('uses a factor of 1 when none is given', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(currentSpecificActivity({ ...measured, MeasurementFactor: null }, links, at)).toBeCloseTo(5, 9);
  });

  it.each([
    ['no activity', { MeasurementActivity: null }],
    ['no weight', { Weight: null }],
    ['zero weight', { Weight: 0 }],
    ['no measurement date', { MeasurementDate: null }],
  ])('is null with %s', (_name, change) => {
    expect(currentSpecificActivity({ ...measured, ...change }, links, new Date())).toBeNull();
  });

  it('is null without a linked nuclide', () => {
    expect(currentSpecificActivity(measured, [], new Date())).toBeNull();
  });
});
