/** shared/openapi/json-schema.ts: JSON Schema of the handlers' valibot schemas, and the examples the document shows. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { exampleOf, jsonSchemaOf } from '../../../shared/openapi/json-schema';
import { identifier } from '../../../shared/schemas/fields';

describe('jsonSchemaOf', () => {
  it('says what a custom check checks, read from its message', () => {
    const name = v.pipe(
      v.string(),
      v.check((s) => s.length <= 128, 'detail.max_length:128'),
    );
    expect(jsonSchemaOf(name)).toEqual({ type: 'string', maxLength: 128 });
  });
});

describe('exampleOf', () => {
  const body = jsonSchemaOf(v.object({ Name: v.string(), Uuid: identifier, Note: v.optional(v.nullable(v.string())) }));

  it('fills every member, an identifier with a uuid', () => {
    expect(exampleOf(body)).toEqual({ Name: 'Text', Uuid: '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10', Note: 'Text' });
  });

  it("leaves out a body's optional nullable members when asked for what it must hold", () => {
    expect(exampleOf(body, { requiredOnly: true })).toEqual({
      Name: 'Text',
      Uuid: '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10',
    });
  });

  it('follows a $ref into the components it is given, and only those', () => {
    const ref = { type: 'array', items: { $ref: '#/components/schemas/ItemModel' } };
    const components = new Map([['ItemModel', { type: 'object', properties: { Weight: { type: 'number' } } }]]);
    expect(exampleOf(ref, { components })).toEqual([{ Weight: 1250 }]);
    expect(exampleOf(ref)).toEqual([{}]);
  });
});
