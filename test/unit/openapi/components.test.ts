/** shared/openapi/components.ts: how a document names the models its operations answer. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ComponentSchemas } from '../../../shared/openapi/components';

describe('ComponentSchemas', () => {
  it('makes one component of a schema however many operations answer it', () => {
    const components = new ComponentSchemas();
    const model = v.object({ Name: v.string() });
    expect(components.refTo(model, 'ItemModel', 'item.load')).toEqual({ $ref: '#/components/schemas/ItemModel' });
    expect(components.refTo(model, 'ItemModel', 'item.update')).toEqual({ $ref: '#/components/schemas/ItemModel' });
    expect([...components.byName.keys()]).toEqual(['ItemModel']);
  });

  it('names another schema of a taken name after the operation, and lists them sorted', () => {
    const components = new ComponentSchemas();
    components.set('Notification', v.object({ Type: v.string() }));
    components.refTo(v.object({ Name: v.string() }), 'ItemModel', 'item.load');
    const other = components.refTo(v.object({ Name: v.nullable(v.string()) }), 'ItemModel', 'item.loadDefault');
    expect(other).toEqual({ $ref: '#/components/schemas/ItemModel_loadDefault' });
    expect(Object.keys(components.sorted())).toEqual(['ItemModel', 'ItemModel_loadDefault', 'Notification']);
  });

  it('starts empty in each document: a component of one document is no component of the next', () => {
    new ComponentSchemas().refTo(v.object({ A: v.string() }), 'ItemModel', 'item.load');
    expect(new ComponentSchemas().byName.size).toBe(0);
  });
});
