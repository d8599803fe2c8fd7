/** shared/openapi/document.ts: the query parameters an operation lists are exactly those its route declares. */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../shared/openapi/document';
import { containerRoutes } from '../../../shared/routes/containers';
import { documentRoutes } from '../../../shared/routes/documents';
import { operationRoutes } from '../../../shared/routes/operations';
import { FLAG, REQUIRED_TEXT, type Route } from '../../../shared/routes/types';

const queryOf = (route: Route) => {
  const document = openApiDocument({ routes: [route] }) as { paths: Record<string, Record<string, any>> };
  const operation = document.paths[route.path]![route.method.toLowerCase()];
  return (operation.parameters as { in?: string }[]).filter((p) => p.in === 'query');
};

describe('query parameters in the document', () => {
  it('lists a flag as exactly true or false, and a text by its schema, required as declared', () => {
    expect(queryOf(operationRoutes.importRecords!)).toEqual([
      expect.objectContaining({ name: 'dryRun', required: false, schema: { type: 'string', enum: ['true', 'false'] } }),
      expect.objectContaining({
        name: 'from',
        required: true,
        schema: expect.objectContaining({ pattern: expect.any(String) }),
      }),
    ]);
    expect(queryOf(documentRoutes.page)).toEqual([
      expect.objectContaining({
        name: 'State',
        required: false,
        schema: expect.objectContaining({ enum: ['ACTIVE', 'ARCHIVED'] }),
      }),
    ]);
    expect(queryOf(containerRoutes.load)).toEqual([]);
  });

  it('fails on a text parameter without a schema, and on a schema for a parameter the route does not declare', () => {
    expect(() => queryOf({ ...containerRoutes.load, query: { year: REQUIRED_TEXT } })).toThrow(/year has no schema/);
    expect(() => queryOf({ ...documentRoutes.page, query: { State: FLAG } })).toThrow(/State/);
    expect(() => queryOf({ ...documentRoutes.page, query: {} })).toThrow(/State/);
  });
});
