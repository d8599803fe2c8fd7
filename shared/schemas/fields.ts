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

export const text = (min: number, max: number) =>
  v.pipe(
    v.string('detail.type_string'),
    v.check((s) => chars(s) >= min, `detail.min_length:${min}`),
    v.check((s) => chars(s) <= max, `detail.max_length:${max}`),
  );

export const identifier = v.pipe(v.string('detail.type_string'), v.regex(IDENTIFIER_PATTERN, 'detail.identifier'));

export const timestamp = v.pipe(v.string('detail.type_string'), v.check(isTimestamp, 'detail.timestamp'));

/** A physical quantity: a finite number, zero or more. */
export const quantity = v.pipe(v.number('detail.type_number'), v.finite('detail.non_negative'), v.minValue(0, 'detail.non_negative'));

export const flag = v.boolean('detail.type_boolean');

export const oneOf = <const T extends readonly string[]>(values: T) => v.picklist(values, `detail.enum:${values.join(', ')}`);
