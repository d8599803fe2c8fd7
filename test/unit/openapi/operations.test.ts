/** shared/openapi/operations.ts: a route's operation object, its id, and its trailing-slash twin. */
import { describe, expect, it } from 'vitest';
import { ComponentSchemas } from '../../../shared/openapi/components';
import {
  operationIds,
  operationOf,
  readAsAnother,
  TRAILING_SLASH_OF,
  tagOf,
  trailingSlashOperation,
} from '../../../shared/openapi/operations';
import { routes } from '../../../shared/routes';
import { containerRoutes } from '../../../shared/routes/containers';

/** An OpenAPI fragment, read as the document is. */
type Json = Record<string, any>;

describe('operationIds', () => {
  it("is the route's operation; a second route of an operation adds its last variable; every id is unique", () => {
    const ids = operationIds(routes);
    expect(ids.get(containerRoutes.historyPage)).toBe('container.historyPage');
    expect(ids.get(containerRoutes.historyPageNumber)).toBe('container.historyPage.page');
    expect(new Set(ids.values()).size).toBe(routes.length);
  });
});

describe('operationOf', () => {
  it('takes the summary from the route, its tag from the resource, and a token for a tenant route', () => {
    const operation = operationOf(containerRoutes.load, 'container.load', new ComponentSchemas()) as Json;
    expect(operation).toMatchObject({
      operationId: 'container.load',
      tags: [tagOf(containerRoutes.load)],
      summary: containerRoutes.load.summary.replace(/[.;]$/, ''),
      security: [{ bearer: [] }],
    });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
  });

  it('documents no security for a public route and a required body with its example for a create', () => {
    expect(operationOf(containerRoutes.loadDefault, 'x', new ComponentSchemas()).security).toEqual([]);
    const create = operationOf(containerRoutes.create, 'container.create', new ComponentSchemas()) as Json;
    expect(create.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: {} } } });
    expect(create.requestBody.content['application/json'].example).toBeTypeOf('object');
  });
});

describe('the trailing-slash twin', () => {
  it('is declared where a template would read the empty segment as the next route, and names its original', () => {
    const other = readAsAnother(containerRoutes.loadDefault, routes);
    expect(other).toBe(containerRoutes.load);
    expect(readAsAnother(containerRoutes.create, routes)).toBeUndefined();
    const operation = { operationId: 'container.loadDefault', description: 'd' };
    const twin = trailingSlashOperation(containerRoutes.loadDefault, operation, other!);
    expect(twin).toMatchObject({
      operationId: 'container.loadDefault.trailingSlash',
      [TRAILING_SLASH_OF]: 'container.loadDefault',
    });
    expect(twin.description).toContain('{uuid}');
  });
});
