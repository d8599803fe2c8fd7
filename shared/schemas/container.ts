import * as v from 'valibot';
import { CONTAINER_FIELDS, CONTAINER_MUTABLE_FIELDS, CONTAINER_STATES } from '../domain/container';
import { flag, identifier, oneOf, quantity, text, timestamp } from './fields';

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
