/** shared/openapi/responses.ts: every answer of a route's operation, by status. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ComponentSchemas } from '../../../shared/openapi/components';
import { responsesOf } from '../../../shared/openapi/responses';
import { containerRoutes } from '../../../shared/routes/containers';
import { releaseRoutes } from '../../../shared/routes/releases';

/** An OpenAPI fragment, read as the document is. */
type Json = Record<string, any>;

describe('responsesOf', () => {
  it('answers 200 with the model under its name and the Notifications, then each error status of the route', () => {
    const components = new ComponentSchemas();
    const model = v.object({ Name: v.string() });
    const responses = responsesOf(containerRoutes.load, { item: 'ContainerModel', model }, components) as Json;
    expect(Object.keys(responses)[0]).toBe('200');
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['401', '403', '404', '503']));
    const schema = responses[200].content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['ContainerModel', 'Notifications']));
    expect(components.byName.has('ContainerModel')).toBe(true);
  });

  it('names the headers a route answers with, and offers its alternative media types', () => {
    const load = responsesOf(containerRoutes.load, undefined, new ComponentSchemas()) as Json;
    expect(load[200].headers).toHaveProperty('ETag');
    const register = responsesOf(releaseRoutes.register, undefined, new ComponentSchemas()) as Json;
    expect(Object.keys(register[200].content)).toEqual(['application/json']);
  });
});
