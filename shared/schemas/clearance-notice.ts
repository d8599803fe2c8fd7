/** A clearance notice's schemas from its field table (shared/domain/clearance-notice.ts). */
import * as v from 'valibot';
import {
  CLEARANCE_NOTICE_TABLE,
  type ClearanceNoticeCreate,
  type DisposalPlant,
  type NoticeLimit,
} from '../domain/clearance-notice';
import { KNOWN_NUCLIDES } from '../domain/nuclides';
import { BOOKED_RELEASE_TYPES, DISPOSAL_ROUTES, RELEASE_TYPES, WASTE_FORMS } from '../domain/release-types';
import { distinct, identifier, oneOf, positiveQuantity, schemasOf, text, timestamp } from './fields';

/** A notice names each nuclide at most once, so it sets at most one limit per nuclide of the table. */
export const MAX_NOTICE_LIMITS = KNOWN_NUCLIDES.length;

/** A non-empty set of enum values: each once. */
export const enumSet = <const T extends readonly string[]>(values: T) =>
  v.pipe(
    v.array(oneOf(values), 'detail.min_items:1'),
    v.minLength(1, 'detail.min_items:1'),
    v.maxLength(values.length, `detail.max_items:${values.length}`),
    v.check((items: T[number][]) => distinct()(items), 'detail.no_repeats'),
  );

/** A value the notice sets for the individual case: Bq/g, and Bq/cm² or none. */
const limit = v.strictObject(
  {
    Nuclide: oneOf(KNOWN_NUCLIDES as readonly string[]),
    SpecificActivity: v.pipe(positiveQuantity, v.description('Bq/g.')),
    SurfaceActivity: v.optional(v.nullable(v.pipe(positiveQuantity, v.description('Bq/cm².'))), null),
  },
  'detail.object_members',
);

/** At most this many plants a notice names (a handful per route). */
export const MAX_DISPOSAL_PLANTS = 20;

/** A plant of a disposal route, with the operator's acceptance declaration in the archive (§ 40 Abs. 2). */
const plant = v.strictObject(
  {
    Route: oneOf(DISPOSAL_ROUTES),
    Name: v.pipe(text(1, 200), v.description('The plant, as the release names it (unique per route).')),
    Address: text(1, 500),
    AcceptanceDocumentUuid: v.pipe(
      identifier,
      v.description(
        "The operator's acceptance declaration (Annahmeerklärung, § 40 Abs. 2): a document of the facility.",
      ),
    ),
  },
  'detail.object_members',
);

const schemas = schemasOf(CLEARANCE_NOTICE_TABLE, {
  writable: {
    FileNumber: v.pipe(text(1, 100), v.description("The authority's file number (Aktenzeichen).")),
    Authority: text(1, 200),
    Holder: v.pipe(text(1, 200), v.description('The licence holder (Inhaber der Freigabe).')),
    Site: v.pipe(text(1, 500), v.description('The address of the facility the notice is for.')),
    IssuedAt: timestamp,
    ValidFrom: timestamp,
    ValidUntil: timestamp,
    ReleaseTypes: enumSet(RELEASE_TYPES),
    WasteForms: enumSet(WASTE_FORMS),
    Conditions: text(1, 4000),
    Limits: v.pipe(
      v.array(limit, 'detail.min_items:0'),
      v.maxLength(MAX_NOTICE_LIMITS, `detail.max_items:${MAX_NOTICE_LIMITS}`),
      v.check((limits: NoticeLimit[]) => distinct((l: NoticeLimit) => l.Nuclide)(limits), 'detail.no_repeats'),
      v.description('For a notice that permits INDIVIDUAL only (then at least one): the values per nuclide.'),
    ),
    MaxAveragingMassKg: v.pipe(
      positiveQuantity,
      v.description(
        'The averaging mass the notice allows, kg, where it departs from the 300 kg of Anlage 8 Teil A Nr. 1 c ' +
          '("darf 300 kg nicht wesentlich überschreiten"); null: 300 kg.',
      ),
    ),
    DisposalPlants: v.pipe(
      v.array(plant, 'detail.min_items:0'),
      v.maxLength(MAX_DISPOSAL_PLANTS, `detail.max_items:${MAX_DISPOSAL_PLANTS}`),
      v.check(
        (plants: DisposalPlant[]) => distinct((p: DisposalPlant) => `${p.Route}#${p.Name}`)(plants),
        'detail.no_repeats',
      ),
      v.description(
        'The plants of the disposal routes the notice permits (SPECIFIC_LANDFILL, SPECIFIC_INCINERATION): at least ' +
          'one per route, each name once per route. A cited notice may gain plants, never lose or change one.',
      ),
    ),
    DocumentUuid: v.pipe(identifier, v.description('The scanned notice: a document of the same facility.')),
  },
  computed: {},
  // A notice stored before issue 36 may still name SPECIFIC_DISPOSAL until migrateReleaseTypes has run.
  shown: { ReleaseTypes: v.array(v.picklist(BOOKED_RELEASE_TYPES)) },
});

// A notice that permits unrestricted release only: a disposal route's plant names an acceptance document that must
// already exist in the facility (docs/api.md shows one).
const EXAMPLE: ClearanceNoticeCreate = {
  FileNumber: 'RP-42/2026',
  Authority: 'Landesamt für Umwelt',
  Holder: 'Klinikum Nord',
  Site: 'Hauptstraße 1, 12345 Musterstadt',
  IssuedAt: '2026-01-10 00:00:00',
  ValidFrom: '2026-02-01 00:00:00',
  ReleaseTypes: ['UNRESTRICTED'],
  WasteForms: ['SOLID'],
  DisposalPlants: [],
};

/** Create: every member but ValidUntil, Conditions, Limits and DocumentUuid required. */
export const noticeCreateSchema = v.pipe(schemas.create, v.examples([EXAMPLE]));
/** Update: partial; null clears ValidUntil, Conditions or DocumentUuid. */
export const noticeUpdateSchema = v.pipe(schemas.update, v.examples([{ ValidUntil: '2027-01-31 23:59:59' }]));
export const noticeStoredEntries = schemas.create.entries;
export const noticeMembers = schemas.members;
/** ClearanceNoticeModel. */
export const noticeModel = schemas.model;
