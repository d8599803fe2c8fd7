/** shared/domain/container-states.ts: the moves between states, the release a disposal needs, the kept records. */
import { describe, expect, it } from 'vitest';
import { CONTAINER_STATES, type ContainerRecord } from '../../../shared/domain/container-fields';
import { createContainer, updateContainer } from '../../../shared/domain/container-rules';
import {
  canChangeState,
  checkDeletable,
  isKeptRecord,
  isReleased,
  missingRelease,
  transitionRecord,
} from '../../../shared/domain/container-states';
import { base, now, tenant } from '../../support/boxes';
import { errorOf } from '../../support/errors';

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

describe('what a state means', () => {
  it('keeps DISPATCHED and DISPOSED containers as records, no other state', () => {
    expect(CONTAINER_STATES.filter(isKeptRecord)).toEqual(['DISPATCHED', 'DISPOSED']);
  });

  it('names the fields a disposal still lacks, none once released', () => {
    expect(missingRelease(base())).toEqual([
      'IsReleasedByRadiationProtectionOfficer',
      'ReleasedByRadiationProtectionOfficer',
      'ReleasedByRadiationProtectionOfficerDateTime',
    ]);
    expect(missingRelease({ ...base(), ...released })).toEqual([]);
    expect(isReleased(base())).toBe(false);
    expect(isReleased({ ...base(), ...released })).toBe(true);
  });

  it('makes a dispatch record on entering DISPATCHED, a dispose record on entering DISPOSED, nothing else', () => {
    expect(transitionRecord('DECAY', 'DISPATCHED')).toBe('DISPATCH');
    expect(transitionRecord('RELEASE_DATE_REACHED', 'DISPOSED')).toBe('DISPOSE');
    expect(transitionRecord('DISPOSED', 'DISPOSED')).toBeUndefined();
    expect(transitionRecord(null, 'OPEN')).toBeUndefined();
    expect(transitionRecord('DECAY', 'RELEASE_DATE_REACHED')).toBeUndefined();
  });
});
