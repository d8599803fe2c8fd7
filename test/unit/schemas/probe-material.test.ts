import { it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import * as m from '../../../shared/schemas/material';
import * as v from 'valibot';
import { refusal } from '../../support/body';
it('probe', () => {
  const lic = { FileNumber: 'x', Authority: 'a', Holder: 'h', IssuedAt: '2026-01-01 00:00:00', ValidFrom: '2026-01-01 00:00:00', Limits: [{Nuclide:'F-18', MaxActivityBq: 1}] };
  console.log(parseBody(m.licenceCreateSchema, { ...lic, ValidUntil: null, CreatedAt: 'x' }, m.licenceMembers));
  console.log(refusal(m.licenceCreateSchema, { ...lic, Limits: [{Nuclide:'F-18', MaxActivityBq: 0, Extra: 1}], SumRule: 'yes' }, m.licenceMembers));
  console.log(refusal(m.licenceUpdateSchema, { Limits: [], FileNumber: null }, m.licenceMembers));
  console.log(parseBody(m.licenceUpdateSchema, { DocumentUuid: null }, m.licenceMembers));
  console.log(v.safeParse(m.materialModel, {}).success, Object.keys(m.materialModel.entries ?? {}).length);
});
