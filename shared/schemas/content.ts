import * as v from 'valibot';
import { CONTENT_KINDS, type ContentModel } from '../domain/container';
import { KNOWN_NUCLIDES } from '../domain/nuclides';
import { identifier, model, oneOf, quantity, timestamp } from './fields';

/** A content of a container: `Activity` (Bq) needs the `ActivityDateTime` it was measured at. */
export const contentCreateSchema = v.object({
  Kind: oneOf(CONTENT_KINDS),
  ContentId: identifier,
  Nuclide: oneOf(KNOWN_NUCLIDES as readonly string[]),
  Activity: v.optional(v.nullable(quantity)),
  ActivityDateTime: v.optional(v.nullable(timestamp)),
});
export type ContentInput = v.InferOutput<typeof contentCreateSchema>;

const CONTENT_FIELDS = [
  'Uuid',
  'Kind',
  'ContentId',
  'Nuclide',
  'Activity',
  'ActivityDateTime',
  'CreatedAt',
  'CreatedBy',
] as const satisfies readonly (keyof ContentModel)[];
const CONTENT_WRITABLE = ['Kind', 'ContentId', 'Nuclide', 'Activity', 'ActivityDateTime'] as const;

export const contentMembers = {
  writable: CONTENT_WRITABLE,
  readOnly: CONTENT_FIELDS.filter((f) => !(CONTENT_WRITABLE as readonly string[]).includes(f)),
};

/**
 * ContainerContentModel. A link written by an import may lack what the contents API adds (Uuid,
 * activity, who and when), and may name a nuclide the table does not know.
 */
export const contentModel = model(CONTENT_FIELDS, {
  Uuid: v.nullable(identifier),
  Kind: v.picklist(CONTENT_KINDS),
  ContentId: identifier,
  Nuclide: v.string(),
  Activity: v.nullable(quantity),
  ActivityDateTime: v.nullable(timestamp),
  CreatedAt: v.nullable(timestamp),
  CreatedBy: v.nullable(v.string()),
} satisfies Record<keyof ContentModel, v.GenericSchema>);
