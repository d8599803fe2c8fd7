import * as v from 'valibot';
import {
  CONTAINER_DEFAULTS,
  CONTAINER_FIELDS,
  CONTAINER_STATES,
  CONTAINER_TABLE,
  type ContainerField,
} from '../domain/container-fields';
import { JUSTIFICATION_LENGTH } from '../domain/container-closing';
import { WASTE_FORMS } from '../domain/release-types';
import {
  displayName,
  flag,
  identifier,
  model,
  oneOf,
  positiveQuantity,
  quantity,
  schemasOf,
  text,
  timestamp,
} from './fields';

/** The container's schemas from its field table (shared/domain/container.ts). */
const schemas = schemasOf(CONTAINER_TABLE, {
  writable: {
    State: oneOf(CONTAINER_STATES),
    Name: text(1, 128),
    Weight: v.pipe(
      positiveQuantity,
      v.description('The mass of the contents in g: the averaging mass of the release.'),
    ),
    MeasurementActivity: v.pipe(
      quantity,
      v.description('The activity measured at MeasurementDate, in Bq (before MeasurementFactor is applied).'),
    ),
    MeasurementFactor: v.pipe(
      positiveQuantity,
      v.description(
        'Dimensionless factor of the measuring method (calibration and geometry) by which MeasurementActivity is ' +
          'multiplied to give the activity of the contents; 1 when null.',
      ),
    ),
    MeasurementDate: timestamp,
    MeasuredBy: identifier,
    MeasurementContamination: v.pipe(quantity, v.description('The surface contamination measured, in Bq/cm².')),
    MeasurementContaminationDateTime: timestamp,
    MeasurementContaminationBy: identifier,
    ReleaseDateTime: timestamp,
    IsReleasedByRadiationProtectionOfficer: flag,
    ReleasedByRadiationProtectionOfficerDateTime: timestamp,
    ReleasedByRadiationProtectionOfficer: identifier,
    WasteForm: v.pipe(
      oneOf(WASTE_FORMS),
      v.description(
        'What the container holds. The values of unrestricted release (Anlage 4 Tabelle 1 Spalte 3) hold for solids, ' +
          'oils and organic liquids (Anlage 8 Teil B); an aqueous liquid or a gas is released only in the ' +
          'individual case (§ 37). A release needs it.',
      ),
    ),
    LabelsRemoved: v.pipe(
      flag,
      v.examples([false]),
      v.description(
        'The radiation labels were removed (StrlSchV § 93 Abs. 2; until the release they stay, § 91 Abs. 1): only ' +
          'after the release, once (true stays true); ' +
          'DISPOSED needs it.',
      ),
    ),
  },
  computed: {
    MeasuredByName: displayName,
    CurrentSpecificActivity: v.pipe(
      v.nullable(v.number()),
      v.description(
        "Bq/g now: the sum of each nuclide's decayed specific activity (the release assessment's figures); with " +
          'contents without activities, the whole activity decayed with the longest half-life.',
      ),
    ),
    MeasurementContaminationByName: displayName,
    ReleasedByRadiationProtectionOfficerName: displayName,
    DispatchId: v.nullable(identifier),
    DisposeId: v.nullable(identifier),
    CyclotroneProductIds: v.nullable(v.array(identifier)),
    GeneratorEluatIds: v.nullable(v.array(identifier)),
  },
});

/** An officer's reason on record: a mass raised after closing needs one (10 to 1,000 characters). */
export const justification = v.pipe(
  text(JUSTIFICATION_LENGTH.min, JUSTIFICATION_LENGTH.max),
  v.examples(['Weighed again on the calibrated scale: the first weighing left out the lid.']),
  v.description(
    "The radiation protection officer's reason on record (10 to 1,000 characters): a Weight raised in DECAY or " +
      'RELEASE_DATE_REACHED needs it; the history and the release record keep it.',
  ),
);

/** Members of an update body: every one optional; `null` clears a nullable field. */
export const containerUpdateSchema = schemas.update;
/**
 * What a PUT takes: the update's members and the Justification of a mass corrected after closing (not a field: the
 * audit and the release record keep it).
 */
export const containerUpdateBodySchema = v.object({
  ...schemas.update.entries,
  Justification: v.optional(justification),
});
export const containerUpdateBodyMembers = {
  writable: [...schemas.members.writable, 'Justification'],
  readOnly: schemas.members.readOnly,
};
/** Create: as update, and `Name` is required. */
export const containerCreateSchema = schemas.create;
/** How body members are sorted: the mutable fields are writable, the other fields of §2.4 read-only. */
export const containerMembers = schemas.members;
/** The response model (§2.4). */
export const containerModel = schemas.model;

/** loadDefault's item: nothing is created, so every field but Client, Facility and the defaulted ones is null. */
const KEPT_BY_DEFAULT: readonly string[] = [
  'Client',
  'Facility',
  ...Object.keys(CONTAINER_DEFAULTS).filter((f) => CONTAINER_DEFAULTS[f as keyof typeof CONTAINER_DEFAULTS] !== null),
];
export const containerDefaultModel = model(
  CONTAINER_FIELDS,
  Object.fromEntries(
    CONTAINER_FIELDS.map((f) => [
      f,
      KEPT_BY_DEFAULT.includes(f) ? schemas.shownTypes[f] : v.nullable(schemas.shownTypes[f]),
    ]),
  ) as Record<ContainerField, v.GenericSchema>,
);
