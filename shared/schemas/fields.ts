/**
 * Field schemas shared by every resource (valibot). Messages are catalogue detail keys, with the
 * requirement after a colon where the detail line names it (`detail.max_length:128`).
 */
import * as v from 'valibot';
import {
  fieldsOf,
  writableFieldsOf,
  type ComputedField,
  type CreateOf,
  type DataOf,
  type FieldName,
  type FieldTable,
  type KeptField,
  type WritableField,
} from '../domain/fields';
import { isTimestamp } from '../domain/time';
import {
  IDENTIFIER_PATTERN,
  isStorableNumber,
  isWellFormed,
  PAGE_PATTERN,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '../domain/values';

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

/** A quantity that must be more than 0 (a weight, a factor): 0 would divide by zero or clear anything. */
export const positiveQuantity = v.pipe(
  quantity,
  v.check((n: number) => n > 0, 'detail.positive'),
);

export const flag = v.boolean('detail.type_boolean');

/** Whether no two items of a list have the same key. */
export const distinct =
  <T>(keyOf: (item: T) => unknown = (item) => item) =>
  (items: readonly T[]): boolean =>
    new Set(items.map(keyOf)).size === items.length;

export const oneOf = <const T extends readonly string[]>(values: T) =>
  v.picklist(values, `detail.enum:${values.join(', ')}`);

export const pageNumber = v.pipe(v.string('detail.type_string'), v.regex(PAGE_PATTERN, 'detail.page'));

/** What the service answers (response models): absolute addresses, whole numbers, names. */
export const url = v.pipe(v.string(), v.url());
export const wholeNumber = v.pipe(v.number(), v.integer());
export const displayName = v.nullable(v.string());
/** A text member an answer may leave empty (null). */
export const nullableText = v.nullable(v.string());

/** A response model: exactly these fields, in this order, each of its type. */
export function model<F extends string>(fields: readonly F[], types: Record<F, v.GenericSchema>) {
  return v.strictObject(Object.fromEntries(fields.map((field) => [field, types[field]])) as Record<F, v.GenericSchema>);
}

/** How every response model shows the fields the service keeps. */
const keptTypes = {
  Client: identifier,
  Facility: identifier,
  CreatedAt: v.nullable(timestamp),
  UpdatedAt: v.nullable(timestamp),
  Uuid: identifier,
};

/** The types a field table (shared/domain/fields.ts) leaves to the schemas. */
export interface FieldTypes<T extends FieldTable> {
  /**
   * What a client may write in each writable field, in the order bodies are validated; null and optional come from the
   * table.
   */
  writable: { [K in WritableField<T>]: v.GenericSchema<unknown, NonNullable<DataOf<T>[K]>> };
  /** What each computed field holds. */
  computed: { [K in ComputedField<T>]: v.GenericSchema };
  /** How a response shows a writable field where a stored value may hold more than a body may (older data). */
  shown?: { [K in WritableField<T>]?: v.GenericSchema };
  /** Stored members a body may name but not set (read-only, like the fields the service keeps). */
  hidden?: readonly string[];
}

/** A body schema: its members (`entries`) and what it yields. */
export type BodySchema<Out> = v.GenericSchema<unknown, Out> & { readonly entries: v.ObjectEntries };

/**
 * The schemas of a model from its field table: update and create bodies (every writable member
 * optional, null where the table allows it, the required ones required on create), how body
 * members are sorted (parseBody), the type of each field as a response shows it, and the model.
 */
export function schemasOf<T extends FieldTable>(
  table: T & (KeptField<T> extends keyof typeof keptTypes ? unknown : never),
  types: FieldTypes<T>,
) {
  const writableTypes = types.writable as Record<string, v.GenericSchema>;
  const nullable = (name: string, schema: v.GenericSchema) => (table[name]!.nullable ? v.nullable(schema) : schema);
  const member = (name: string) => v.optional(nullable(name, writableTypes[name]!));
  const bodyOrder = Object.keys(writableTypes);
  const update = v.object(Object.fromEntries(bodyOrder.map((name) => [name, member(name)])));
  const create = v.object(
    Object.fromEntries(bodyOrder.map((name) => [name, table[name]!.required ? writableTypes[name]! : member(name)])),
  );
  const writable: readonly string[] = writableFieldsOf(table);
  const fields = fieldsOf(table);
  const shownTypes = Object.fromEntries(
    fields.map((name) => {
      const { access } = table[name]!;
      if (access === 'kept') return [name, keptTypes[name as keyof typeof keptTypes]];
      if (access === 'computed') return [name, (types.computed as Record<string, v.GenericSchema>)[name]!];
      return [
        name,
        (types.shown as Record<string, v.GenericSchema> | undefined)?.[name] ?? nullable(name, writableTypes[name]!),
      ];
    }),
  ) as Record<FieldName<T>, v.GenericSchema>;
  return {
    update: update as unknown as BodySchema<Partial<DataOf<T>>>,
    create: create as unknown as BodySchema<CreateOf<T>>,
    /** Writable members are validated; the other fields (and hidden members) are read-only, ignored with a Warning. */
    members: { writable, readOnly: [...fields.filter((name) => !writable.includes(name)), ...(types.hidden ?? [])] },
    shownTypes,
    model: model(fields, shownTypes),
  };
}
