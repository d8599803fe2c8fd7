import * as v from 'valibot';
import { CONTENT_KINDS, type ContentInput, type ContentModel } from '../domain/container-contents';
import { KNOWN_NUCLIDES } from '../domain/nuclides';
import { identifier, model, oneOf, quantity, text, timestamp } from './fields';

/** At most this many impurities a content (a certificate names a handful). */
export const MAX_IMPURITIES = 10;

/** A share of activity strictly between 0 and 1. */
const fraction = v.pipe(
  v.number('detail.type_number'),
  v.check((n: number) => Number.isFinite(n) && n > 0 && n < 1, 'detail.fraction'),
);

/**
 * A content's impurities: each one's activity over the content's Activity at its ActivityDateTime (the Ge-68
 * breakthrough of a Ga-68 eluate); [] when the certificate names none; null when not entered.
 */
export const impurities = v.pipe(
  v.array(
    v.strictObject(
      { Nuclide: oneOf(KNOWN_NUCLIDES as readonly string[]), Fraction: fraction },
      'detail.object_members',
    ),
  ),
  v.maxLength(MAX_IMPURITIES, `detail.max_items:${MAX_IMPURITIES}`),
  v.description(
    "Impurities of the content: each one's activity over the content's Activity at its ActivityDateTime " +
      '(0 < Fraction < 1); [] when the certificate names none; null when not entered.',
  ),
);

/**
 * Why a content of a nuclide with expected impurities has none (Impurities []): an officer's statement, printed on
 * the release record.
 */
export const impuritiesJustification = v.pipe(
  text(10, 1000),
  v.description(
    'Role rpo: why Impurities is [] for a nuclide with expected impurities (ExpectedImpurities of the nuclide ' +
      'table), e.g. "gamma spectrometry of the eluate found no Ge-68"; required then, and only with Impurities [].',
  ),
);

/** A content of a container: `Activity` (Bq) needs the `ActivityDateTime` it was measured at. */
export const contentCreateSchema = v.object({
  Kind: v.optional(
    v.pipe(oneOf(CONTENT_KINDS), v.description('Required unless ContentId names an item of the material book.')),
  ),
  ContentId: v.pipe(
    identifier,
    v.description(
      'A product or eluate; when it names an item of the material book, the content is a movement of it into the ' +
        'container: kind, nuclide and impurities come from the item, Activity (default: what is left at ' +
        'ActivityDateTime, default now) is checked against its remainder.',
    ),
  ),
  Nuclide: v.optional(
    v.pipe(
      oneOf(KNOWN_NUCLIDES as readonly string[]),
      v.description('Required unless ContentId names an item of the material book.'),
    ),
  ),
  Activity: v.optional(v.nullable(quantity)),
  ActivityDateTime: v.optional(v.nullable(timestamp)),
  Impurities: v.optional(v.nullable(impurities)),
  ImpuritiesJustification: v.optional(v.nullable(impuritiesJustification)),
} satisfies Record<keyof ContentInput, v.GenericSchema>);
// The domain declares the input; what the schema lets through must be one.
contentCreateSchema satisfies v.GenericSchema<unknown, ContentInput>;

const CONTENT_FIELDS = [
  'Uuid',
  'Kind',
  'ContentId',
  'Nuclide',
  'Activity',
  'ActivityDateTime',
  'CreatedAt',
  'CreatedBy',
  'Impurities',
  'ImpuritiesJustification',
  'BookLineUuid',
] as const satisfies readonly (keyof ContentModel)[];
const CONTENT_WRITABLE = [
  'Kind',
  'ContentId',
  'Nuclide',
  'Activity',
  'ActivityDateTime',
  'Impurities',
  'ImpuritiesJustification',
] as const;

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
  Impurities: v.nullable(v.array(v.strictObject({ Nuclide: v.string(), Fraction: v.number() }))),
  ImpuritiesJustification: v.nullable(v.string()),
  BookLineUuid: v.pipe(
    v.nullable(identifier),
    v.description('Drawn from the material book: the line that booked its movement into the container.'),
  ),
} satisfies Record<keyof ContentModel, v.GenericSchema>);
