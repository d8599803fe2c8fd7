/**
 * A waste container's fields (interface §2.4, then WasteForm and LabelsRemoved), its data and stored record types,
 * and what a create sets by default. Pure domain code: no AWS, no HTTP library.
 */
import type { StoredRecord } from './record';
import type { WasteForm } from './release-types';
import { clearable, computed, defaultsOf, fieldsOf, kept, required, writable, writableFieldsOf } from './fields';
import type { CreateOf, DataOf, FieldName, FieldTable, WritableField } from './fields';

export const CONTAINER_STATES = ['OPEN', 'DECAY', 'RELEASE_DATE_REACHED', 'DISPATCHED', 'DISPOSED'] as const;

export type ContainerState = (typeof CONTAINER_STATES)[number];

/**
 * The 27 fields of interface §2.4, in its order, then WasteForm and LabelsRemoved: the one list of the container's
 * fields. The writable ones are the members of create and update bodies (§4.3); what each may hold is in
 * shared/schemas/container.ts.
 */
export const CONTAINER_TABLE = {
  Client: kept(),
  Facility: kept(),
  State: writable<ContainerState>('OPEN'),
  Name: required<string>(),
  Weight: clearable<number>(),
  MeasurementActivity: clearable<number>(),
  MeasurementFactor: clearable<number>(),
  MeasurementDate: clearable<string>(),
  MeasuredBy: clearable<string>(),
  MeasuredByName: computed(),
  CurrentSpecificActivity: computed(),
  MeasurementContamination: clearable<number>(),
  MeasurementContaminationDateTime: clearable<string>(),
  MeasurementContaminationBy: clearable<string>(),
  MeasurementContaminationByName: computed(),
  ReleaseDateTime: clearable<string>(),
  IsReleasedByRadiationProtectionOfficer: clearable<boolean>(),
  ReleasedByRadiationProtectionOfficerDateTime: clearable<string>(),
  ReleasedByRadiationProtectionOfficer: clearable<string>(),
  ReleasedByRadiationProtectionOfficerName: computed(),
  DispatchId: computed(),
  DisposeId: computed(),
  CyclotroneProductIds: computed(),
  GeneratorEluatIds: computed(),
  CreatedAt: kept(),
  UpdatedAt: kept(),
  Uuid: kept(),
  // Beyond §2.4 (DESIGN §6): what the container holds, and whether its radiation labels came off after the release.
  WasteForm: clearable<WasteForm>(),
  LabelsRemoved: writable<boolean>(false),
} as const satisfies FieldTable;

export const CONTAINER_FIELDS = fieldsOf(CONTAINER_TABLE);

export type ContainerField = FieldName<typeof CONTAINER_TABLE>;

export const CONTAINER_MUTABLE_FIELDS = writableFieldsOf(CONTAINER_TABLE);

export type ContainerMutableField = WritableField<typeof CONTAINER_TABLE>;

/** Only a token with role `rpo` may set or change these (DESIGN §2). */
export const RPO_FIELDS = [
  'IsReleasedByRadiationProtectionOfficer',
  'ReleasedByRadiationProtectionOfficer',
  'ReleasedByRadiationProtectionOfficerDateTime',
] as const satisfies readonly ContainerMutableField[];

export type ContainerData = DataOf<typeof CONTAINER_TABLE>;

export type ContainerPatch = Partial<ContainerData>;

/** A create body: Name, and any other writable field. */
export type ContainerCreate = CreateOf<typeof CONTAINER_TABLE>;

/** A stored container: its data plus identity, version (the ETag) and timestamps. */
export interface ContainerRecord extends ContainerData, StoredRecord {
  /**
   * Set by the release, never by a body and in no model: each nuclide's specific activity (Bq/g) the decision
   * measurement showed at the release, from which a released container's CurrentSpecificActivity is decayed.
   */
  ReleasedSpecificActivities?: Readonly<Record<string, number>> | null;
}

/** What a container item stores beyond its fields (shared/data/containers.ts reads it back). */
export const CONTAINER_HIDDEN_FIELDS = [
  'ReleasedSpecificActivities',
] as const satisfies readonly (keyof ContainerRecord)[];

/** What a create sets for the fields its body leaves out (State OPEN, null elsewhere). */
export const CONTAINER_DEFAULTS = defaultsOf(CONTAINER_TABLE);

/** A container with nothing set: the defaults and an empty Name. */
export const EMPTY_CONTAINER: ContainerData = { ...CONTAINER_DEFAULTS, Name: '' };
