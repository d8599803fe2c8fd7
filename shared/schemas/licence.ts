/** The licence's schemas (StrlSchV § 85 Abs. 1 Nr. 2: what the facility may hold), from its field table. */
import * as v from 'valibot';
import { LICENCE_TABLE, type LicenceCreate, type LicenceLimit } from '../domain/licence';
import { KNOWN_NUCLIDES } from '../domain/nuclides';
import { distinct, identifier, schemasOf, text, timestamp } from './fields';
import { activityBq, nuclide } from './book-fields';

const limit = v.strictObject(
  {
    Nuclide: v.pipe(nuclide, v.description('The nuclide; with its daughters where its Anlage 4 row is a `+` row.')),
    MaxActivityBq: activityBq,
  },
  'detail.object_members',
);

const licenceSchemas = schemasOf(LICENCE_TABLE, {
  writable: {
    FileNumber: v.pipe(text(1, 100), v.description("The authority's file number (Aktenzeichen).")),
    Authority: text(1, 200),
    Holder: v.pipe(text(1, 200), v.description('The licence holder (Genehmigungsinhaber).')),
    IssuedAt: timestamp,
    ValidFrom: timestamp,
    ValidUntil: timestamp,
    Limits: v.pipe(
      v.array(limit, 'detail.min_items:1'),
      v.minLength(1, 'detail.min_items:1'),
      v.maxLength(KNOWN_NUCLIDES.length, `detail.max_items:${KNOWN_NUCLIDES.length}`),
      v.check((limits: LicenceLimit[]) => distinct((l: LicenceLimit) => l.Nuclide)(limits), 'detail.no_repeats'),
      v.description('Each nuclide once: the activity the facility may hold (a nuclide it does not name: none).'),
    ),
    SumRule: v.pipe(
      v.boolean('detail.type_boolean'),
      v.description('The sum over nuclides of stock over limit must stay at most 1 as well.'),
    ),
    DocumentUuid: v.pipe(identifier, v.description('The scanned licence: a document of the same facility.')),
  },
  computed: {},
});

const LICENCE_EXAMPLE: LicenceCreate = {
  FileNumber: 'UG-17/2026',
  Authority: 'Landesamt für Umwelt',
  Holder: 'Klinikum Nord',
  IssuedAt: '2026-01-05 00:00:00',
  ValidFrom: '2026-01-15 00:00:00',
  Limits: [
    { Nuclide: 'Ge-68', MaxActivityBq: 4e9 },
    { Nuclide: 'Ga-68', MaxActivityBq: 5e9 },
    { Nuclide: 'F-18', MaxActivityBq: 1e11 },
  ],
  SumRule: true,
};
export const licenceCreateSchema = v.pipe(licenceSchemas.create, v.examples([LICENCE_EXAMPLE]));
export const licenceUpdateSchema = v.pipe(licenceSchemas.update, v.examples([{ DocumentUuid: null }]));
export const licenceMembers = licenceSchemas.members;
export const licenceStoredEntries = licenceSchemas.create.entries;
export const licenceModel = licenceSchemas.model;
