/**
 * shared/schemas/licence.ts through parseBody: the handling licence's bodies and their 400 details. A licence needs its
 * file number, authority, holder, dates and at least one limit, each nuclide once, each in range; a change is partial.
 */
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import { licenceCreateSchema, licenceMembers, licenceUpdateSchema } from '../../../shared/schemas/licence';
import { refusal } from '../../support/body';
import { LICENCE } from '../../support/memory/material';

const licence = LICENCE;

describe('licence bodies', () => {
  it('need the file number, authority, holder, dates and limits; the end, sum rule and scan are optional', () => {
    expect(refusal(licenceCreateSchema, {}, licenceMembers)).toEqual([
      'FileNumber: is required',
      'Authority: is required',
      'Holder: is required',
      'IssuedAt: is required',
      'ValidFrom: is required',
      'Limits: is required',
    ]);
    const parsed = parseBody(
      licenceCreateSchema,
      { ...licence, ValidUntil: null, CreatedAt: 'ignored' },
      licenceMembers,
    );
    expect(parsed).toEqual({ value: { ...licence, ValidUntil: null }, ignored: ['CreatedAt'] });
  });

  it('take each nuclide once, at least one, each limit in range with nothing beside it', () => {
    const twice = [
      { Nuclide: 'F-18', MaxActivityBq: 1 },
      { Nuclide: 'F-18', MaxActivityBq: 2 },
    ];
    expect(refusal(licenceCreateSchema, { ...licence, Limits: twice }, licenceMembers)).toEqual([
      'Limits: must not name a value twice',
    ]);
    expect(refusal(licenceCreateSchema, { ...licence, Limits: [] }, licenceMembers)).toEqual([
      'Limits: must hold at least 1 item(s)',
    ]);
    expect(
      refusal(
        licenceCreateSchema,
        { ...licence, Limits: [{ Nuclide: 'F-18', MaxActivityBq: 0, Extra: 1 }], SumRule: 'yes' },
        licenceMembers,
      ),
    ).toEqual([
      'Limits.0.MaxActivityBq: must be more than 0 and less than 10^15 Bq',
      'Limits.0.Extra: must be an object holding only the documented members',
      'SumRule: must be true or false',
    ]);
    expect(
      refusal(licenceCreateSchema, { ...licence, Limits: [{ Nuclide: 'Xx-1', MaxActivityBq: 1 }] }, licenceMembers)[0],
    ).toMatch(/^Limits\.0\.Nuclide: must be one of /);
  });

  it('change partially: a required member is not cleared, the scan is', () => {
    expect(refusal(licenceUpdateSchema, { Limits: [], FileNumber: null }, licenceMembers)).toEqual([
      'FileNumber: must not be null',
      'Limits: must hold at least 1 item(s)',
    ]);
    expect(parseBody(licenceUpdateSchema, { DocumentUuid: null }, licenceMembers).value).toEqual({
      DocumentUuid: null,
    });
  });
});
