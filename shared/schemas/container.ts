import * as v from 'valibot';
import { CONTAINER_FIELDS, CONTAINER_MUTABLE_FIELDS, CONTAINER_STATES, type ContainerField } from '../domain/container';
import { displayName, flag, identifier, model, oneOf, present, quantity, text, timestamp } from './fields';

const nullable = <S extends v.GenericSchema>(schema: S) => v.optional(v.nullable(schema));

/** Members of an update body: every one optional; `null` clears a nullable field. */
const entries = {
  State: v.optional(oneOf(CONTAINER_STATES)),
  Name: v.optional(text(1, 128)),
  Weight: nullable(quantity),
  MeasurementActivity: nullable(quantity),
  MeasurementFactor: nullable(quantity),
  MeasurementDate: nullable(timestamp),
  MeasuredBy: nullable(identifier),
  MeasurementContamination: nullable(quantity),
  MeasurementContaminationDateTime: nullable(timestamp),
  MeasurementContaminationBy: nullable(identifier),
  ReleaseDateTime: nullable(timestamp),
  IsReleasedByRadiationProtectionOfficer: nullable(flag),
  ReleasedByRadiationProtectionOfficerDateTime: nullable(timestamp),
  ReleasedByRadiationProtectionOfficer: nullable(identifier),
};

export const containerUpdateSchema = v.object(entries);
/** Create: as update, and `Name` is required. */
export const containerCreateSchema = v.object({ ...entries, Name: text(1, 128) });

/** How body members are sorted: the mutable fields are writable, the other fields of §2.4 read-only. */
export const containerMembers = {
  writable: CONTAINER_MUTABLE_FIELDS,
  readOnly: CONTAINER_FIELDS.filter((f) => !(CONTAINER_MUTABLE_FIELDS as readonly string[]).includes(f)),
};

/** The type of each field of the response model (§2.4): the mutable ones as the bodies take them. */
const fieldTypes: Record<ContainerField, v.GenericSchema> = {
  Client: identifier,
  Facility: identifier,
  ...present(entries),
  MeasuredByName: displayName,
  CurrentSpecificActivity: v.nullable(v.number()),
  MeasurementContaminationByName: displayName,
  ReleasedByRadiationProtectionOfficerName: displayName,
  DispatchId: v.nullable(identifier),
  DisposeId: v.nullable(identifier),
  CyclotroneProductIds: v.nullable(v.array(identifier)),
  GeneratorEluatIds: v.nullable(v.array(identifier)),
  CreatedAt: v.nullable(timestamp),
  UpdatedAt: v.nullable(timestamp),
  Uuid: identifier,
};
export const containerModel = model(CONTAINER_FIELDS, fieldTypes);

/** loadDefault's item: nothing is created, so every field but Client, Facility and State is null. */
const KEPT_BY_DEFAULT: readonly string[] = ['Client', 'Facility', 'State'];
export const containerDefaultModel = model(
  CONTAINER_FIELDS,
  Object.fromEntries(CONTAINER_FIELDS.map((f) => [f, KEPT_BY_DEFAULT.includes(f) ? fieldTypes[f] : v.nullable(fieldTypes[f])])) as Record<ContainerField, v.GenericSchema>,
);
