/**
 * Field schemas shared by every resource (valibot). Messages are catalogue detail keys, with the
 * requirement after a colon where the detail line names it (`detail.max_length:128`).
 */
import * as v from 'valibot';
import { isTimestamp } from '../domain/time';

/** Identifiers: UUID-shaped, at most 36 characters, never a key separator. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9_-]{1,36}$/;
export const isIdentifier = (value: string): boolean => IDENTIFIER_PATTERN.test(value);

/** Sizes are character lengths: code points, so an emoji counts once. */
const chars = (value: string) => [...value].length;

/**
 * Well-formed Unicode: no lone UTF-16 surrogate, which JSON (`"\ud800"`) can carry but UTF-8, S3
 * metadata and URI encoding cannot. Every string the service takes passes through `text` or a
 * narrower ASCII grammar (identifiers, page numbers, enums, flags, the Authorization header).
 */
export const isWellFormed = (value: string): boolean => !/\p{Surrogate}/u.test(value);

export const text = (min: number, max: number) =>
  v.pipe(
    v.string('detail.type_string'),
    v.check(isWellFormed, 'detail.unicode'),
    v.check((s) => chars(s) >= min, `detail.min_length:${min}`),
    v.check((s) => chars(s) <= max, `detail.max_length:${max}`),
  );

export const identifier = v.pipe(v.string('detail.type_string'), v.regex(IDENTIFIER_PATTERN, 'detail.identifier'));

export const timestamp = v.pipe(v.string('detail.type_string'), v.check(isTimestamp, 'detail.timestamp'));

/**
 * The numbers the service stores exactly: 0, or QUANTITY_MIN to QUANTITY_MAX. The top is the largest
 * integer lib-dynamodb marshals without its safe-integer guard (and a double holds exactly); the
 * bottom lies well inside DynamoDB's range (1e-130), so no value underflows or loses digits there
 * (a double prints as at most 17 significant digits, DynamoDB keeps 38).
 */
export const QUANTITY_MIN = 1e-100;
export const QUANTITY_MAX = Number.MAX_SAFE_INTEGER;
export const isStorableNumber = (value: number): boolean =>
  value === 0 || (Math.abs(value) >= QUANTITY_MIN && Math.abs(value) <= QUANTITY_MAX);

/** A physical quantity: a finite number, zero or more, within the stored range. */
export const quantity = v.pipe(
  v.number('detail.type_number'),
  v.finite('detail.non_negative'),
  v.minValue(0, 'detail.non_negative'),
  v.check(isStorableNumber, `detail.number_range:[${QUANTITY_MIN}, ${QUANTITY_MAX}]`),
);

export const flag = v.boolean('detail.type_boolean');
/** A flag in a query string: exactly `true` or `false` (`1`, `TRUE`, `yes` or empty are 400). */
export const queryFlag = v.optional(v.pipe(v.picklist(['true', 'false'], 'detail.type_boolean'), v.transform((s) => s === 'true')));

export const oneOf = <const T extends readonly string[]>(values: T) => v.picklist(values, `detail.enum:${values.join(', ')}`);

/** A page number in a path: a positive whole number written without sign or leading zero. */
export const PAGE_PATTERN = /^[1-9][0-9]*$/;
export const pageNumber = v.pipe(v.string('detail.type_string'), v.regex(PAGE_PATTERN, 'detail.page'));

/** What the service answers (response models): absolute addresses, whole numbers, names. */
export const url = v.pipe(v.string(), v.url());
export const wholeNumber = v.pipe(v.number(), v.integer());
export const displayName = v.nullable(v.string());

/** The members of a body's entries as a response model holds them: present (optional unwrapped). */
export function present<K extends string>(entries: Record<K, v.GenericSchema>): Record<K, v.GenericSchema> {
  const unwrap = (schema: v.GenericSchema) => (schema.type === 'optional' ? (schema as unknown as { wrapped: v.GenericSchema }).wrapped : schema);
  return Object.fromEntries(Object.entries<v.GenericSchema>(entries).map(([name, schema]) => [name, unwrap(schema)])) as Record<K, v.GenericSchema>;
}

/** A response model: exactly these fields, in this order, each of its type. */
export function model<F extends string>(fields: readonly F[], types: Record<F, v.GenericSchema>) {
  return v.strictObject(Object.fromEntries(fields.map((field) => [field, types[field]])) as Record<F, v.GenericSchema>);
}
