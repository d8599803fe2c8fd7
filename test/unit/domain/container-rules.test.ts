/** shared/domain/container-rules.ts: a container's create and update: release fields, release date, partial update. */
import { describe, expect, it } from 'vitest';
import { createContainer, updateContainer } from '../../../shared/domain/container-rules';
import { at, base, decaying, f18, now, tenant } from '../../support/boxes';
import { errorOf } from '../../support/errors';

const released = {
  IsReleasedByRadiationProtectionOfficer: true,
  ReleasedByRadiationProtectionOfficer: 'rpo-1',
  ReleasedByRadiationProtectionOfficerDateTime: '2026-02-01 10:00:00',
};

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

describe('the release date', () => {
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
