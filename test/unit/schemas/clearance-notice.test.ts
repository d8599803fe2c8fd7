/** shared/schemas/clearance-notice.ts through parseBody: a clearance notice's bodies and their 400 details. */
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import { noticeCreateSchema, noticeMembers, noticeUpdateSchema } from '../../../shared/schemas/clearance-notice';
import { refusal } from '../../support/body';

const valid = {
  FileNumber: 'RP-42/2026',
  Authority: 'Landesamt für Umwelt',
  Holder: 'Klinikum Nord',
  Site: 'Hauptstraße 1',
  IssuedAt: '2026-01-10 00:00:00',
  ValidFrom: '2026-02-01 00:00:00',
  ReleaseTypes: ['UNRESTRICTED'],
  WasteForms: ['SOLID'],
};

describe('clearance notice bodies', () => {
  it('create needs the file number, authority, holder, site, dates, types and forms; the rest is optional', () => {
    expect(refusal(noticeCreateSchema, {}, noticeMembers)).toEqual([
      'FileNumber: is required',
      'Authority: is required',
      'Holder: is required',
      'Site: is required',
      'IssuedAt: is required',
      'ValidFrom: is required',
      'ReleaseTypes: is required',
      'WasteForms: is required',
    ]);
    expect(parseBody(noticeCreateSchema, valid, noticeMembers).value).toMatchObject(valid);
  });

  it('takes a set of types and forms (each once, at least one) and one limit per nuclide', () => {
    const lines = refusal(
      noticeCreateSchema,
      {
        ...valid,
        ReleaseTypes: ['UNRESTRICTED', 'UNRESTRICTED'],
        WasteForms: [],
        Limits: [
          { Nuclide: 'F-18', SpecificActivity: 1 },
          { Nuclide: 'F-18', SpecificActivity: 2 },
        ],
      },
      noticeMembers,
    );
    expect(lines).toEqual([
      'ReleaseTypes: must not name a value twice',
      'WasteForms: must hold at least 1 item(s)',
      'Limits: must not name a value twice',
    ]);
  });

  it('refuses a limit of an unknown nuclide, a negative value or a member it does not document, by its path', () => {
    const lines = refusal(
      noticeCreateSchema,
      { ...valid, Limits: [{ Nuclide: 'Xx-1', SpecificActivity: -1, Extra: 1 }] },
      noticeMembers,
    );
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'Limits.0.Nuclide',
      'Limits.0.SpecificActivity',
      'Limits.0.Extra',
    ]);
    expect(lines[1]).toBe('Limits.0.SpecificActivity: must be a finite number, zero or more');
  });

  it('update is partial, and a required member cannot be cleared', () => {
    expect(parseBody(noticeUpdateSchema, { ValidUntil: null }, noticeMembers).value).toEqual({ ValidUntil: null });
    expect(refusal(noticeUpdateSchema, { FileNumber: null }, noticeMembers)).toEqual(['FileNumber: must not be null']);
  });
});
