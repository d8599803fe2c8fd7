/**
 * JSON Schema from the valibot schemas the handlers validate with, and an example value of a JSON Schema. Pure: what
 * an example follows a `$ref` into is handed in (the document's component schemas), never kept here.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { TIMESTAMP_PATTERN } from '../domain/time';
import { IDENTIFIER_PATTERN, QUANTITY_MAX } from '../domain/values';

export type Json = Record<string, unknown>;

/** JSON Schema of a valibot schema. Custom checks say what they check in their message (`detail.max_length:128`). */
export function jsonSchemaOf(schema: v.GenericSchema): Json {
  const converted = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    overrideAction: ({ valibotAction, jsonSchema }) => {
      if (valibotAction.type === 'finite') return jsonSchema;
      if (valibotAction.type !== 'check') return undefined;
      const [key, requirement = ''] = String((valibotAction as { message?: unknown }).message ?? '').split(/:(.*)/s);
      switch (key) {
        case 'detail.min_length':
          return { ...jsonSchema, minLength: Number(requirement) };
        case 'detail.max_length':
          return { ...jsonSchema, maxLength: Number(requirement) };
        case 'detail.timestamp':
          return {
            ...jsonSchema,
            pattern: TIMESTAMP_PATTERN.source,
            description: 'UTC date and time, YYYY-MM-DD HH:MM:SS (a real calendar date)',
          };
        case 'detail.number_range':
          return {
            ...jsonSchema,
            maximum: QUANTITY_MAX,
            description: `0, or from ${requirement.replace(/^\[|\]$/g, '').replace(', ', ' to ')} (stored exactly)`,
          };
        case 'detail.positive':
          return { ...jsonSchema, exclusiveMinimum: 0 };
        case 'detail.filename':
          return { ...jsonSchema, description: 'no control characters, / or \\' };
        default:
          return jsonSchema;
      }
    },
  }) as Json;
  delete converted.$schema;
  return converted;
}

export interface ExampleOptions {
  /** A body's example: only what it must hold and what is never null. */
  readonly requiredOnly?: boolean;
  /** The component schemas a `$ref` names (`#/components/schemas/Name`); none by default. */
  readonly components?: ReadonlyMap<string, Json>;
}

/** An example value for a JSON Schema: the first enum value, a sample of each format, every member. */
export function exampleOf(schema: Json, options: ExampleOptions = {}): unknown {
  const nested = (s: Json) => exampleOf(s, { components: options.components });
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples)) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return nested(schema.anyOf.find((s: Json) => s.type !== 'null') as Json);
  if (typeof schema.$ref === 'string') return nested(options.components?.get(schema.$ref.split('/').pop()!) ?? {});
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      const chosen = Object.entries(properties).filter(
        ([name, s]) => !options.requiredOnly || required.includes(name) || !Array.isArray(s.anyOf),
      );
      return Object.fromEntries(chosen.map(([name, s]) => [name, nested(s)]));
    }
    case 'array':
      return schema.items ? [nested(schema.items as Json)] : [];
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'number':
      return 1250;
    case 'boolean':
      return true;
    case 'string':
      if (schema.pattern === IDENTIFIER_PATTERN.source) return '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10';
      if (schema.pattern === TIMESTAMP_PATTERN.source) return '2026-11-20 08:15:00';
      if (schema.format === 'uri') return 'https://api.nm-archive.test/document/api/v1/page/1';
      if (typeof schema.pattern === 'string') return undefined;
      return 'Text';
    default:
      return {};
  }
}
