/** What a container's audit entries record: the actions, and the fields that changed. */
import { CONTAINER_MUTABLE_FIELDS, type ContainerData, type ContainerMutableField } from './container-fields';

/** What a container's audit entry records: its own life and its contents'. */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'content_added',
  'content_removed',
  'released',
  'measured',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface FieldChange {
  field: ContainerMutableField;
  old: unknown;
  new: unknown;
}

/** The writable fields that differ between two versions of a container, for the audit. */
export const fieldChanges = (current: ContainerData, next: ContainerData): FieldChange[] =>
  CONTAINER_MUTABLE_FIELDS.filter((field) => next[field] !== current[field]).map((field) => ({
    field,
    old: current[field],
    new: next[field],
  }));

/** The change list of a create (every field set) or a delete (every field cleared), for the audit. */
export function allFieldsAsChanges(data: ContainerData, direction: 'created' | 'deleted'): FieldChange[] {
  return CONTAINER_MUTABLE_FIELDS.filter((field) => data[field] !== null).map((field) =>
    direction === 'created' ? { field, old: null, new: data[field] } : { field, old: data[field], new: null },
  );
}

/** One line of a container's history: one field of one audit entry. */
export interface HistoryEntryModel {
  At: string;
  By: string;
  ByName: string | null;
  Field: string;
  OldValue: unknown;
  NewValue: unknown;
  RequestId: string;
}
