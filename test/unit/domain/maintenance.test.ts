/** shared/domain/maintenance.ts: a log entry's rules, defaults, partial update, order and response model. */
import { describe, expect, it } from 'vitest';
import {
  createEntry,
  entryRuleBreaches,
  maintenanceOrderKey,
  namedIn,
  toMaintenanceModel,
  updateEntry,
} from '../../../shared/domain/maintenance';
import { errorOf } from '../../support/errors';

const tenant = { client: 'c1', facility: 'f1' };
const now = new Date('2026-11-20T08:00:00Z');
const body = { IncidentTitle: 'Detector drift', IncidentCause: 'Cooling', IncidentDateStart: '2026-11-19 10:00:00' };
const solved = {
  State: 'SOLVED' as const,
  IncidentSolution: 'Recalibrated',
  IncidentDateEnd: '2026-11-19 12:00:00',
  Solver: 'grace',
};

describe('entryRuleBreaches', () => {
  it('a SOLVED entry names its solution, end and solver: one detail per missing one', () => {
    const open = {
      State: 'SOLVED' as const,
      IncidentSolution: '',
      IncidentDateEnd: null,
      Solver: null,
      IncidentDateStart: body.IncidentDateStart,
    };
    expect(entryRuleBreaches(open).map((d) => [d.key, d.params?.field])).toEqual([
      ['detail.required_when_solved', 'IncidentSolution'],
      ['detail.required_when_solved', 'IncidentDateEnd'],
      ['detail.required_when_solved', 'Solver'],
    ]);
    expect(entryRuleBreaches({ ...solved, IncidentDateStart: body.IncidentDateStart })).toEqual([]);
    expect(
      entryRuleBreaches({
        State: 'ONGOING',
        IncidentSolution: null,
        IncidentDateEnd: null,
        Solver: null,
        IncidentDateStart: body.IncidentDateStart,
      }),
    ).toEqual([]);
  });

  it('an end before the start is a breach in any state; the same second is not', () => {
    const early = {
      State: 'ONGOING' as const,
      IncidentSolution: null,
      Solver: null,
      IncidentDateStart: body.IncidentDateStart,
    };
    expect(entryRuleBreaches({ ...early, IncidentDateEnd: '2026-11-19 09:59:59' })).toEqual([
      { key: 'detail.end_before_start', params: { field: 'IncidentDateEnd' } },
    ]);
    expect(entryRuleBreaches({ ...early, IncidentDateEnd: body.IncidentDateStart })).toEqual([]);
  });
});

describe('createEntry', () => {
  it(
    'starts ONGOING, reported by the caller, without device, solver, solution or end; version 1, both times ' + 'now',
    () => {
      expect(createEntry(tenant, 'e1', body, 'ada', now)).toEqual({
        ...body,
        Client: 'c1',
        Facility: 'f1',
        Uuid: 'e1',
        Version: 1,
        CreatedAt: '2026-11-20 08:00:00',
        UpdatedAt: '2026-11-20 08:00:00',
        State: 'ONGOING',
        Reporter: 'ada',
        Device: null,
        Solver: null,
        IncidentSolution: null,
        IncidentDateEnd: null,
      });
      expect(createEntry(tenant, 'e1', { ...body, Reporter: 'grace' }, 'ada', now).Reporter).toBe('grace');
    },
  );

  it('refuses a breach of the rules with 400 and its details', () => {
    const error = errorOf(() => createEntry(tenant, 'e1', { ...body, State: 'SOLVED' }, 'ada', now));
    expect(error.statusCode).toBe(400);
    expect(error.notification.details).toHaveLength(3);
  });
});

describe('updateEntry', () => {
  const entry = createEntry(tenant, 'e1', body, 'ada', new Date('2026-11-19T10:00:00Z'));

  it('applies the patch, bumps the version and UpdatedAt, and keeps CreatedAt', () => {
    const { next, changed } = updateEntry(entry, solved, now);
    expect(changed).toBe(true);
    expect(next).toMatchObject({ ...solved, Version: 2, UpdatedAt: '2026-11-20 08:00:00', CreatedAt: entry.CreatedAt });
  });

  it('an unchanged patch leaves the entry as it is (no new version)', () => {
    expect(updateEntry(entry, { IncidentTitle: body.IncidentTitle }, now)).toEqual({ next: entry, changed: false });
  });

  it('checks the rules on the entry as it would be', () => {
    expect(
      errorOf(() => updateEntry(entry, { State: 'SOLVED', IncidentSolution: 'x' }, now)).notification.details?.map(
        (d) => d.params?.field,
      ),
    ).toEqual(['IncidentDateEnd', 'Solver']);
  });
});

describe('order and presentation', () => {
  it('orders by incident start, then uuid', () => {
    const keys = [
      { IncidentDateStart: '2026-11-19 10:00:00', Uuid: 'b' },
      { IncidentDateStart: '2026-11-19 10:00:00', Uuid: 'a' },
      { IncidentDateStart: '2026-11-18 23:00:00', Uuid: 'z' },
    ].map(maintenanceOrderKey);
    expect([...keys].sort()).toEqual([keys[2], keys[1], keys[0]]);
  });

  it('names the reporter and solver as persons and the device as a device', () => {
    const entry = { ...createEntry(tenant, 'e1', { ...body, Device: 'dev-1', ...solved }, 'ada', now) };
    expect(namedIn(entry)).toEqual({ persons: ['ada', 'grace'], devices: ['dev-1'] });
    expect(namedIn(createEntry(tenant, 'e2', body, 'ada', now))).toEqual({ persons: ['ada'], devices: [] });
  });

  it('answers the 17 fields of interface §2.5 in order, with the names looked up per client', () => {
    const entry = createEntry(tenant, 'e1', { ...body, Device: 'dev-1' }, 'ada', now);
    const model = toMaintenanceModel(entry, {
      person: (client, id) => (id ? `${client}:${id}` : null),
      device: (_, id) => (id ? 'Gamma camera' : null),
    });
    expect(Object.keys(model)).toEqual([
      'Client',
      'Facility',
      'Device',
      'DeviceName',
      'Reporter',
      'ReporterName',
      'Solver',
      'SolverName',
      'State',
      'IncidentTitle',
      'IncidentCause',
      'IncidentSolution',
      'IncidentDateStart',
      'IncidentDateEnd',
      'CreatedAt',
      'UpdatedAt',
      'Uuid',
    ]);
    expect(model).toMatchObject({ DeviceName: 'Gamma camera', ReporterName: 'c1:ada', Solver: null, SolverName: null });
  });
});
