/**
 * Field schemas shared by every resource (valibot). Messages are catalogue detail keys, with the
 * requirement after a colon where the detail line names it (`detail.max_length:128`).
 */
import * as v from 'valibot';
import { isTimestamp } from '../domain/time';
import { IDENTIFIER_PATTERN, isStorableNumber, isWellFormed, PAGE_PATTERN, QUANTITY_MAX, QUANTITY_MIN } from '../domain/values';



/** Sizes are character lengths: code points, so an emoji counts once. */
const chars = (value: string) => [...value].length;

export const text = (min: number, max: number) =>
  v.pipe(
    v.string('detail.type_string'),
    v.check(isWellFormed, 'detail.unicode'),
    v.check((s) => chars(s) >= min, `detail.min_length:${min}`),
    v.check((s) => chars(s) <= max, `detail.max_length:${max}`),
  );

export const identifier = v.pipe(v.string('detail.type_string'), v.regex(IDENTIFIER_PATTERN, 'detail.identifier'));

export const timestamp = v.pipe(v.string('detail.type_string'), v.check(isTimestamp, 'detail.timestamp'));

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
