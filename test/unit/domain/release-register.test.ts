/**
 * shared/domain/release-register.ts: the register's line. A German line lists the members the release decides, then
 * its links in the chain, and one booked before issue 36 lacks only the later members; a line of decay-in-storage adds
 * the survey's members before its links, and the register's columns under 10 CFR 35.92 are members of such a line,
 * without the German measurement's. Its CSV: register-csv.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  GERMAN_REGISTER_MEMBERS,
  LATER_MEMBERS,
  MEASUREMENT_METHODS,
  REGISTER_FIELDS,
  ROW_FIELDS,
  SURVEY_LINE_FIELDS,
  SURVEY_MEMBERS,
  US_REGISTER_MEMBERS,
} from '../../../shared/domain/release-register';
import { registerLine } from '../../support/register-lines';

const LINKS = ['PreviousSha256', 'RecordSha256', 'LineSha256'];

describe('the register line', () => {
  it("lists the release's members, then its links in the chain: the register's columns under StrlSchV", () => {
    expect(REGISTER_FIELDS).toEqual([...ROW_FIELDS, ...LINKS]);
    expect(REGISTER_FIELDS.slice(0, 3)).toEqual(['ContainerUuid', 'Name', 'ReleasedAt']);
    expect(new Set(REGISTER_FIELDS).size).toBe(REGISTER_FIELDS.length);
    expect(GERMAN_REGISTER_MEMBERS).toEqual(REGISTER_FIELDS);
  });

  it('lacks only the later members (the surface, the plant) when booked before issue 36', () => {
    expect(LATER_MEMBERS).toEqual(['Surface', 'DisposalPlant']);
    const booked = registerLine('2026-01-05 10:00:00', null, 'a');
    expect(Object.keys(booked).sort()).toEqual(
      REGISTER_FIELDS.filter((f) => !(LATER_MEMBERS as readonly string[]).includes(f)).sort(),
    );
  });

  it("adds the survey's members under 10 CFR 35.92, whose columns leave out the German measurement", () => {
    expect(SURVEY_MEMBERS).toEqual(['Survey', 'Activities', 'SealedAt']);
    expect(SURVEY_LINE_FIELDS).toEqual([...ROW_FIELDS, ...SURVEY_MEMBERS, ...LINKS]);
    for (const member of SURVEY_MEMBERS) expect(REGISTER_FIELDS).not.toContain(member);
    expect(US_REGISTER_MEMBERS.filter((m) => !(SURVEY_LINE_FIELDS as readonly string[]).includes(m))).toEqual([]);
    expect(US_REGISTER_MEMBERS).toEqual(expect.arrayContaining([...SURVEY_MEMBERS]));
    expect(US_REGISTER_MEMBERS.slice(-3)).toEqual(LINKS);
    for (const german of ['Weight', 'Nuclides', 'MeasurementMethod', 'ClearanceNoticeUuid', 'Surface'] as const)
      expect(US_REGISTER_MEMBERS).not.toContain(german);
  });

  it('names how the clearance was measured: per mass, per mass and surface, or a survey at the surface', () => {
    expect(MEASUREMENT_METHODS).toEqual([
      'GROSS_ACTIVITY_PER_MASS',
      'GROSS_ACTIVITY_PER_MASS_AND_SURFACE',
      'SURVEY_AT_SURFACE',
    ]);
  });
});
