/** shared/openapi/routes-meta.ts: what the OpenAPI document says of each route. */
import { describe, expect, it } from 'vitest';
import { docsOf, routeDocs } from '../../../shared/openapi/routes-meta';
import { routes } from '../../../shared/routes';

describe('the documentation of the routes', () => {
  it('documents operations of the route table only (shared/openapi/routes-meta.ts), each with its 200 answer', () => {
    const operations = new Set<string>(routes.map((r) => r.operation));
    expect(Object.keys(routeDocs).filter((op) => !operations.has(op))).toEqual([]);
    expect(routes.filter((r) => !docsOf(r).reply).map((r) => r.operation)).toEqual([]);
  });
});
