/**
 * The stored shapes, by Type, that shared/operations/records.ts checks a stored record against: the same field
 * schemas as the API (sizes, enums, timestamps, identifiers), the members each stored item holds beside them.
 */
import * as v from 'valibot';
import { AUDIT_ACTIONS } from '../domain/container-audit';
import { CONTENT_KINDS } from '../domain/container-contents';
import { CONTAINER_STATES } from '../domain/container-fields';
import { DOCUMENT_SCOPES, DOCUMENT_STATES } from '../domain/document';
import { BOOKED_RELEASE_TYPES } from '../domain/release-types';
import { MAINTENANCE_STATES } from '../domain/maintenance';
import { enumSet, noticeStoredEntries } from '../schemas/clearance-notice';
import { licenceStoredEntries } from '../schemas/licence';
import { MATERIAL_KINDS, MATERIAL_STATES, MOVEMENT_KINDS } from '../domain/material';
import { BOOK_ENTRIES } from '../domain/material-book';
import { containerCreateSchema } from '../schemas/container';
import { checkCreateSchema, instrumentStoredEntries } from '../schemas/instrument';
import { documentCreateSchema } from '../schemas/document';
import { maintenanceCreateSchema } from '../schemas/maintenance';
import { identifier, oneOf, text, timestamp } from '../schemas/fields';
import { isTimeZone } from '../domain/calendar';
import { REGIME_NAMES } from '../domain/regimes';
import { SURVEY_UNITS } from '../domain/regimes/us-nrc-10cfr35/survey';
import { LANGUAGES } from '../i18n/messages';

const stored = {
  Client: identifier,
  Facility: identifier,
  Uuid: identifier,
  Version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  CreatedAt: timestamp,
  UpdatedAt: timestamp,
};
const nullable = <S extends v.GenericSchema>(s: S) => v.nullable(s);

/** Schemas of the stored shapes, by Type (extra attributes such as index keys are allowed). */
export const STORED_SCHEMAS: Record<string, v.GenericSchema> = {
  Container: v.looseObject({ ...containerCreateSchema.entries, ...stored, State: oneOf(CONTAINER_STATES) }),
  Document: v.looseObject({
    ...documentCreateSchema.entries,
    ...stored,
    State: oneOf(DOCUMENT_STATES),
    Scope: oneOf(DOCUMENT_SCOPES),
    File: nullable(
      v.looseObject({
        Key: v.string(),
        Size: v.number(),
        ContentType: v.string(),
        CreatedAt: v.number(),
        ModifiedAt: v.number(),
      }),
    ),
  }),
  MaintenanceLogEntry: v.looseObject({
    ...maintenanceCreateSchema.entries,
    ...stored,
    State: oneOf(MAINTENANCE_STATES),
    Reporter: identifier,
  }),
  Person: v.looseObject({ Uuid: identifier, Client: identifier, Name: v.optional(text(1, 256)) }),
  Device: v.looseObject({ Uuid: identifier, Name: text(1, 256) }),
  Probe: v.looseObject({
    ProbeIdentifier: identifier,
    Device: v.nullish(identifier),
    Responsiveness: v.optional(v.record(v.string(), v.pipe(v.number(), v.finite(), v.minValue(0)))),
  }),
  ContainerLink: v.looseObject({
    ContainerUuid: identifier,
    Kind: v.picklist(CONTENT_KINDS),
    ContentId: identifier,
    Nuclide: v.string(),
  }),
  Dispatch: v.looseObject({ Uuid: identifier, ContainerUuid: identifier, At: timestamp }),
  ContainerBook: v.looseObject({
    ContainerUuid: identifier,
    Contents: v.array(v.looseObject({ ContentId: identifier, Nuclide: v.string(), BookLineUuid: identifier })),
  }),
  Dispose: v.looseObject({ Uuid: identifier, ContainerUuid: identifier, At: timestamp }),
  ReleaseRegisterEntry: v.looseObject({
    ContainerUuid: identifier,
    ReleasedAt: timestamp,
    ReleasedBy: v.string(),
    RecordDocumentUuid: identifier,
    ReleaseType: v.picklist(BOOKED_RELEASE_TYPES),
  }),
  // A notice may still name SPECIFIC_DISPOSAL until migrateReleaseTypes has run (its dry run lists them): an older
  // shape of a legal document, not an invalid record.
  ClearanceNotice: v.looseObject({
    ...noticeStoredEntries,
    ...stored,
    ReleaseTypes: enumSet(BOOKED_RELEASE_TYPES),
  }),
  Instrument: v.looseObject({ ...instrumentStoredEntries, ...stored }),
  InstrumentCheck: v.looseObject({
    ...checkCreateSchema.entries,
    Client: identifier,
    Facility: identifier,
    Uuid: identifier,
    InstrumentUuid: identifier,
    CheckedBy: v.string(),
    CreatedAt: timestamp,
  }),
  DecisionMeasurement: v.looseObject({
    Client: identifier,
    Facility: identifier,
    Uuid: identifier,
    ContainerUuid: identifier,
    InstrumentUuid: identifier,
    MeasuredAt: timestamp,
    MeasuredBy: v.string(),
    CreatedAt: timestamp,
    Instrument: v.looseObject({ Uuid: identifier, SerialNumber: v.string(), LastCheckAt: timestamp }),
    Nuclides: v.array(v.looseObject({ Nuclide: v.string(), Fraction: v.number(), ValueUsed: v.number() })),
    ReleaseTypes: v.array(v.looseObject({ ReleaseType: v.picklist(BOOKED_RELEASE_TYPES) })),
  }),
  // A facility's settings (its regime, time zone, record language) and a container's decay-in-storage surveys.
  FacilitySettings: v.looseObject({
    Client: identifier,
    Facility: identifier,
    Regime: v.picklist(REGIME_NAMES),
    TimeZone: v.pipe(v.string(), v.check(isTimeZone, 'detail.time_zone')),
    RecordLanguage: v.picklist(LANGUAGES),
    Version: stored.Version,
    CreatedAt: timestamp,
    UpdatedAt: timestamp,
  }),
  Survey: v.looseObject({
    Client: identifier,
    Facility: identifier,
    Uuid: identifier,
    ContainerUuid: identifier,
    SurveyedAt: timestamp,
    SurveyedBy: v.string(),
    Instrument: v.looseObject({ Uuid: identifier, SerialNumber: v.string(), Model: v.string() }),
    Unit: v.picklist(SURVEY_UNITS),
    NoShielding: v.literal(true),
    AtBackground: v.literal(true),
    CreatedAt: timestamp,
  }),
  // The book of radioactive material (StrlSchV § 85): the licence, the items and the book's lines.
  Licence: v.looseObject({ ...licenceStoredEntries, ...stored }),
  MaterialItem: v.looseObject({
    ...stored,
    Kind: v.picklist(MATERIAL_KINDS),
    Nuclide: v.string(),
    ActivityBq: v.number(),
    ActivityDateTime: timestamp,
    ReceivedAt: timestamp,
    ReceivedBy: v.string(),
    LineUuid: identifier,
    State: v.picklist(MATERIAL_STATES),
    Movements: v.array(
      v.looseObject({ Uuid: identifier, Kind: v.picklist(MOVEMENT_KINDS), ActivityBq: v.number(), MovedAt: timestamp }),
    ),
  }),
  MaterialBookLine: v.looseObject({
    LineUuid: identifier,
    BookedAt: timestamp,
    BookedBy: v.string(),
    Entry: v.picklist(BOOK_ENTRIES),
    OccurredAt: timestamp,
    LineSha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  }),
  Audit: v.looseObject({
    Entity: v.string(),
    EntityUuid: identifier,
    Action: v.picklist(AUDIT_ACTIONS),
    Actor: v.string(),
    At: timestamp,
    Changes: v.array(v.unknown()),
  }),
};
