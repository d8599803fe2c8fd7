/**
 * Field tables: a model's fields in the order its response shows them (interface §2), each saying
 * who sets it (a client, the service, or the presenter), whether null clears it and its create
 * default. Plain data, so a function that only reads bundles no schema library. The field list,
 * the writable list, the stored record's attributes, the defaults, the model type and the presenter
 * are derived here; the valibot schemas (what a client may write) from the same table in
 * shared/schemas/fields.ts.
 */

/**
 * Who sets a field: a client's body (`writable`), the service (`kept`: identity and timestamps), the presenter
 * (`computed`).
 */
export type FieldAccess = 'writable' | 'kept' | 'computed';

declare const valueType: unique symbol;

export interface Field<Access extends FieldAccess = FieldAccess, Value = unknown> {
  readonly access: Access;
  /** May be null; a client clears a writable one with null. */
  readonly nullable: boolean;
  /** A create body must hold it. */
  readonly required: boolean;
  /** What a create sets when the body leaves it out (a nullable field without one starts null). */
  readonly default?: Value;
  /** The value's type; never set. */
  readonly [valueType]?: Value;
}

export type FieldTable = Readonly<Record<string, Field>>;

/** A client must send it on create; never null. */
export const required = <T>() =>
  ({ access: 'writable', nullable: false, required: true }) as Field<'writable', T> & { readonly required: true };

/** A client may send it; never null; `defaultValue` on create when given. */
export function writable<T>(): Field<'writable', T>;
export function writable<T>(defaultValue: T): Field<'writable', T> & { readonly default: T };
export function writable<T>(...defaultValue: [T?]): Field<'writable', T> {
  return {
    access: 'writable',
    nullable: false,
    required: false,
    ...(defaultValue.length ? { default: defaultValue[0] } : {}),
  };
}

/** A client may send it, or null to clear it; null on create. */
export const clearable = <T>() =>
  ({ access: 'writable', nullable: true, required: false }) as Field<'writable', T | null> & {
    readonly nullable: true;
  };

/** Set by the service: tenant, identity, timestamps (their values come from the stored record). */
export const kept = () => ({ access: 'kept', nullable: false, required: false }) as Field<'kept'>;

/** Computed for the response from the record and what it refers to; never stored, never written. */
export const computed = () => ({ access: 'computed', nullable: true, required: false }) as Field<'computed'>;

type FieldsOf<T, Access extends FieldAccess> = {
  [K in keyof T]: T[K] extends Field<Access, unknown> ? K : never;
}[keyof T] &
  string;
export type FieldName<T extends FieldTable> = keyof T & string;
export type WritableField<T extends FieldTable> = FieldsOf<T, 'writable'>;
export type KeptField<T extends FieldTable> = FieldsOf<T, 'kept'>;
export type ComputedField<T extends FieldTable> = FieldsOf<T, 'computed'>;
export type ValueOf<F> = F extends Field<FieldAccess, infer V> ? V : never;
type RequiredField<T extends FieldTable> = {
  [K in WritableField<T>]: T[K] extends { required: true } ? K : never;
}[WritableField<T>];
type DefaultedField<T extends FieldTable> = {
  [K in WritableField<T>]: T[K] extends { nullable: true } | { default: unknown } ? K : never;
}[WritableField<T>];

/** What a client writes: every writable field with its value type. */
export type DataOf<T extends FieldTable> = { -readonly [K in WritableField<T>]: ValueOf<T[K]> };
/** A create body: the required fields, any others. */
export type CreateOf<T extends FieldTable> = Partial<DataOf<T>> & Pick<DataOf<T>, RequiredField<T>>;
export type DefaultsOf<T extends FieldTable> = Pick<DataOf<T>, DefaultedField<T>>;
/** A response model: every field, in the table's order. */
export type ModelOf<T extends FieldTable> = Record<FieldName<T>, unknown>;

const namesOf = <T extends FieldTable>(table: T, access?: FieldAccess) =>
  Object.keys(table).filter((name) => access === undefined || table[name]!.access === access);

/** Every field, in the response's order. */
export const fieldsOf = <T extends FieldTable>(table: T) => namesOf(table) as readonly FieldName<T>[];
/** The members of create and update bodies, in the table's order. */
export const writableFieldsOf = <T extends FieldTable>(table: T) =>
  namesOf(table, 'writable') as readonly string[] as readonly WritableField<T>[];
/** The attributes a stored record holds: every field but the computed ones, and its version. */
export const recordFieldsOf = <T extends FieldTable>(table: T) =>
  [...Object.keys(table).filter((name) => table[name]!.access !== 'computed'), 'Version'] as readonly (
    | Exclude<FieldName<T>, ComputedField<T>>
    | 'Version'
  )[];

/** What a create sets for the writable fields a body leaves out: the default, or null where null is allowed. */
export function defaultsOf<T extends FieldTable>(table: T): DefaultsOf<T> {
  const defaults: Record<string, unknown> = {};
  for (const name of writableFieldsOf(table)) {
    const field = table[name]!;
    if ('default' in field) defaults[name] = field.default;
    else if (field.nullable) defaults[name] = null;
  }
  return defaults as DefaultsOf<T>;
}

/** The response model: every field in order, stored ones from the record, computed ones as given. */
export function presentModel<T extends FieldTable>(
  table: T,
  record: { readonly [K in Exclude<FieldName<T>, ComputedField<T>>]: unknown },
  computedValues: { readonly [K in ComputedField<T>]: unknown },
): ModelOf<T> {
  const from = (name: string) =>
    (table[name]!.access === 'computed' ? computedValues : record) as Record<string, unknown>;
  return Object.fromEntries(fieldsOf(table).map((name) => [name, from(name)[name]])) as ModelOf<T>;
}
