/** shared/schemas/maintenance.ts through parseBody: the log entry bodies and their 400 details. */
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import {
  maintenanceCreateSchema,
  maintenanceMembers,
  maintenanceUpdateSchema,
} from '../../../shared/schemas/maintenance';
import { refusal } from '../../support/body';

const valid = { IncidentTitle: 'Detector drift', IncidentCause: 'Cooling', IncidentDateStart: '2026-11-19 10:00:00' };

describe('maintenance log entry bodies', () => {
  it('create needs title, cause and start; update needs nothing', () => {
    expect(refusal(maintenanceCreateSchema, {}, maintenanceMembers)).toEqual([
      'IncidentTitle: is required',
      'IncidentCause: is required',
      'IncidentDateStart: is required',
    ]);
    expect(parseBody(maintenanceCreateSchema, valid, maintenanceMembers).value).toEqual(valid);
    expect(parseBody(maintenanceUpdateSchema, {}, maintenanceMembers).value).toEqual({});
  });

  it('one detail line per offending field', () => {
    const lines = refusal(
      maintenanceCreateSchema,
      {
        IncidentTitle: 'x'.repeat(65),
        IncidentCause: '',
        IncidentDateStart: '2026-02-30 00:00:00',
        Device: 'a b',
        State: 'DONE',
      },
      maintenanceMembers,
    );
    expect(lines.sort()).toEqual([
      'Device: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
      'IncidentCause: must have at least 1 character(s)',
      'IncidentDateStart: must be a real UTC date and time as YYYY-MM-DD HH:MM:SS',
      'IncidentTitle: must have at most 64 characters',
      'State: must be one of ONGOING, SOLVED',
    ]);
  });

  it('clears device, solver, solution and end with null; refuses null for the rest', () => {
    const cleared = { Device: null, Solver: null, IncidentSolution: null, IncidentDateEnd: null };
    expect(parseBody(maintenanceUpdateSchema, cleared, maintenanceMembers).value).toEqual(cleared);
    expect(
      refusal(maintenanceUpdateSchema, { Reporter: null, IncidentTitle: null, State: null }, maintenanceMembers).sort(),
    ).toEqual(['IncidentTitle: must not be null', 'Reporter: must not be null', 'State: must not be null']);
  });

  it('ignores the names the service looks up and what it sets', () => {
    expect(
      parseBody(
        maintenanceCreateSchema,
        { ...valid, ReporterName: 'x', DeviceName: 'y', Uuid: 'u', CreatedAt: 'c' },
        maintenanceMembers,
      ).ignored,
    ).toEqual(['ReporterName', 'DeviceName', 'Uuid', 'CreatedAt']);
    expect(refusal(maintenanceCreateSchema, { ...valid, Priority: 1 }, maintenanceMembers)).toEqual([
      'Priority: unknown member',
    ]);
  });
});
