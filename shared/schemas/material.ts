/**
 * The book of radioactive material's schemas: a receipt, an elution, a movement (one shape per kind: a member beyond
 * it is 400, so no patient data can enter), and the models of an item and a movement. The queries are in
 * ./material-queries.ts, the licence's in ./licence.ts; the stock's, the reports' and the verification's in
 * ./material-report.ts.
 */
import * as v from 'valibot';
import { MATERIAL_KINDS, MATERIAL_STATES, MOVEMENT_KINDS } from '../domain/material';
import { MATERIAL_FIELDS, type MaterialModel, MOVEMENT_FIELDS, type MovementModel } from '../domain/material-model';
import { badRequest } from '../errors';
import { issueDetails } from './body';
import { activityBq, nuclide } from './book-fields';
import { impurities } from './content';
import { identifier, model, nullableText, oneOf, text, timestamp } from './fields';

const justification = v.pipe(text(10, 1000), v.description('Why, in words (at least 10 characters).'));

// Receipts and elutions ---------------------------------------------------------------------------------------------

const licenceExceeded = v.strictObject({ Justification: justification }, 'detail.object_members');

/** A receipt: what the delivery certificate says, and when it arrived. */
const receiptObject = v.object({
  Kind: oneOf(MATERIAL_KINDS),
  Nuclide: nuclide,
  ActivityBq: activityBq,
  ActivityDateTime: v.pipe(timestamp, v.description("The certificate's reference time of ActivityBq (UTC).")),
  ReceivedAt: v.pipe(timestamp, v.description('When it arrived (UTC); at most 5 minutes ahead of the server.')),
  Supplier: v.optional(v.nullable(text(1, 200)), null),
  Batch: v.optional(v.nullable(text(1, 100)), null),
  ChemicalForm: v.optional(v.nullable(text(1, 200)), null),
  Impurities: v.optional(v.nullable(impurities), null),
  CertificateDocumentUuid: v.optional(
    v.nullable(
      v.pipe(
        identifier,
        v.description(
          'The delivery certificate in the archive: a document of the facility of scope GENERATOR (a generator, an ' +
            'eluate) or CYCLOTRON_PRODUCT (the others); it is filed under the new item (its ScopeReference).',
        ),
      ),
    ),
    null,
  ),
  LicenceExceeded: v.optional(
    v.nullable(
      v.pipe(
        licenceExceeded,
        v.description(
          'Role rpo: material that arrived beyond the licence is booked all the same, flagged, with the reason.',
        ),
      ),
    ),
    null,
  ),
});
const RECEIPT_EXAMPLE: v.InferOutput<typeof receiptObject> = {
  Kind: 'GENERATOR',
  Nuclide: 'Ge-68',
  ActivityBq: 1.85e9,
  ActivityDateTime: '2026-11-02 12:00:00',
  ReceivedAt: '2026-11-03 08:30:00',
  Supplier: 'Eckert & Ziegler',
  Batch: 'GG-2611-07',
  ChemicalForm: '[68Ge]GeCl4 on TiO2',
  Impurities: [],
  CertificateDocumentUuid: null,
  LicenceExceeded: null,
};
export const receiptSchema = v.pipe(receiptObject, v.examples([RECEIPT_EXAMPLE]));
export type ReceiptInput = v.InferOutput<typeof receiptSchema>;
const RECEIPT_WRITABLE = Object.keys(receiptObject.entries);
export const receiptMembers = {
  writable: RECEIPT_WRITABLE,
  readOnly: MATERIAL_FIELDS.filter((f) => !RECEIPT_WRITABLE.includes(f)),
};

/** An elution of a generator: the eluate's activity when eluted, and the measured breakthrough of the parent. */
const elutionObject = v.object({
  ActivityBq: activityBq,
  ElutedAt: v.pipe(timestamp, v.description('When it was eluted (UTC): the reference time of ActivityBq.')),
  Breakthrough: v.optional(
    v.nullable(
      v.pipe(
        impurities,
        v.description(
          "The measured breakthrough: each parent nuclide's activity over the eluate's when eluted (Ge-68 in a " +
            'Ga-68 eluate, Mo-99 in Tc-99m); null when not measured.',
        ),
      ),
    ),
    null,
  ),
  Batch: v.optional(v.nullable(text(1, 100)), null),
  ChemicalForm: v.optional(v.nullable(text(1, 200)), null),
});
export const elutionSchema = v.pipe(
  elutionObject,
  v.examples([
    {
      ActivityBq: 1e9,
      ElutedAt: '2026-11-21 09:00:00',
      Breakthrough: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
      Batch: null,
      ChemicalForm: null,
    },
  ]),
);
export type ElutionInput = v.InferOutput<typeof elutionSchema>;
export const elutionMembers = { writable: Object.keys(elutionObject.entries), readOnly: [] as string[] };

// Movements --------------------------------------------------------------------------------------------------------

const moved = {
  ActivityBq: activityBq,
  MovedAt: v.pipe(timestamp, v.description('When (UTC): the reference time of ActivityBq.')),
};
/**
 * A movement, by its Kind; only the members of its kind (a name, a birth date or any other member is 400: the book
 * holds no patient data).
 */
export const movementSchema = v.pipe(
  v.variant(
    'Kind',
    [
      v.strictObject(
        {
          Kind: v.literal('ADMINISTERED'),
          ...moved,
          Applications: v.pipe(
            v.number('detail.type_number'),
            v.integer('detail.whole_number_range:1 to 1000'),
            v.minValue(1, 'detail.whole_number_range:1 to 1000'),
            v.maxValue(1000, 'detail.whole_number_range:1 to 1000'),
            v.description('How many applications (patients are not named).'),
          ),
        },
        'detail.unknown_member',
      ),
      v.strictObject(
        {
          Kind: v.literal('TO_CONTAINER'),
          ...moved,
          ContainerUuid: v.pipe(identifier, v.description('A waste container of the facility, OPEN.')),
        },
        'detail.unknown_member',
      ),
      v.strictObject(
        {
          Kind: v.literal('RETURNED'),
          ...moved,
          Recipient: v.pipe(text(1, 200), v.description('The supplier or other licensee it went to (Abgabe).')),
        },
        'detail.unknown_member',
      ),
      v.strictObject({ Kind: v.literal('LOST'), ...moved, Justification: justification }, 'detail.unknown_member'),
    ],
    `detail.enum:${MOVEMENT_KINDS.join(', ')}`,
  ),
  v.examples([{ Kind: 'ADMINISTERED', ActivityBq: 3e8, MovedAt: '2026-11-21 09:30:00', Applications: 1 }]),
);
export type MovementInput = v.InferOutput<typeof movementSchema>;

/** A movement body: its kind's members and nothing else (400 naming the offending member). */
export function parseMovement(body: unknown): MovementInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest([{ key: 'detail.body_object' }]);
  const result = v.safeParse(movementSchema, body, { abortPipeEarly: true });
  if (!result.success) throw badRequest(issueDetails(result.issues));
  return result.output;
}

// Models -----------------------------------------------------------------------------------------------------------

const fraction = v.strictObject({ Nuclide: v.string(), Fraction: v.number() });

export const materialModel = model(MATERIAL_FIELDS, {
  Uuid: identifier,
  Kind: v.picklist(MATERIAL_KINDS),
  Nuclide: v.string(),
  ActivityBq: v.number(),
  ActivityDateTime: timestamp,
  ReceivedAt: timestamp,
  ReceivedBy: v.string(),
  ReceivedByName: nullableText,
  Supplier: nullableText,
  Batch: nullableText,
  ChemicalForm: nullableText,
  Impurities: v.nullable(v.array(fraction)),
  CertificateDocumentUuid: v.nullable(identifier),
  ParentUuid: v.pipe(v.nullable(identifier), v.description("An eluate's generator.")),
  LicenceUuid: v.pipe(v.nullable(identifier), v.description('The licence the receipt was checked against.')),
  LicenceExceeded: v.nullable(v.strictObject({ Justification: v.string() })),
  LineUuid: v.pipe(identifier, v.description('The line of the material book that booked it.')),
  RemainingBq: v.pipe(v.number(), v.description("What is left in store at RemainingAt, Bq (the item's nuclide).")),
  RemainingAt: timestamp,
  State: v.picklist(MATERIAL_STATES),
  CreatedAt: timestamp,
  UpdatedAt: timestamp,
} satisfies Record<keyof MaterialModel, v.GenericSchema>);

export const movementModel = model(MOVEMENT_FIELDS, {
  Uuid: identifier,
  MaterialUuid: identifier,
  Kind: v.picklist(MOVEMENT_KINDS),
  ActivityBq: v.number(),
  MovedAt: timestamp,
  Applications: v.nullable(v.number()),
  ContainerUuid: v.nullable(identifier),
  Recipient: nullableText,
  Justification: nullableText,
  MovedBy: v.string(),
  MovedByName: nullableText,
  LineUuid: identifier,
  CorrectedBy: v.pipe(v.nullable(identifier), v.description('The line that corrected it (it no longer counts).')),
} satisfies Record<keyof MovementModel, v.GenericSchema>);
