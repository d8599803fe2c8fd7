import * as v from 'valibot';
import {
  CONTAINER_DEFAULTS,
  CONTAINER_FIELDS,
  CONTAINER_STATES,
  CONTAINER_TABLE,
  type ContainerField,
} from '../domain/container';
import { displayName, flag, identifier, model, oneOf, quantity, schemasOf, text, timestamp } from './fields';

/** The container's schemas from its field table (shared/domain/container.ts). */
const schemas = schemasOf(CONTAINER_TABLE, {
  writable: {
    State: oneOf(CONTAINER_STATES),
    Name: text(1, 128),
    Weight: quantity,
    MeasurementActivity: quantity,
    MeasurementFactor: quantity,
    MeasurementDate: timestamp,
    MeasuredBy: identifier,
    MeasurementContamination: quantity,
    MeasurementContaminationDateTime: timestamp,
    MeasurementContaminationBy: identifier,
    ReleaseDateTime: timestamp,
    IsReleasedByRadiationProtectionOfficer: flag,
    ReleasedByRadiationProtectionOfficerDateTime: timestamp,
    ReleasedByRadiationProtectionOfficer: identifier,
  },
  computed: {
    MeasuredByName: displayName,
    CurrentSpecificActivity: v.nullable(v.number()),
    MeasurementContaminationByName: displayName,
    ReleasedByRadiationProtectionOfficerName: displayName,
    DispatchId: v.nullable(identifier),
    DisposeId: v.nullable(identifier),
    CyclotroneProductIds: v.nullable(v.array(identifier)),
    GeneratorEluatIds: v.nullable(v.array(identifier)),
  },
});

/** Members of an update body: every one optional; `null` clears a nullable field. */
export const containerUpdateSchema = schemas.update;
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
