/**
 * shared/openapi/client.ts: the typed client's operation table, read from the document alone: each operation's
 * parameters, body, headers and answer; the paginated listings found by their `{page}` and CollectionConfiguration;
 * a route the document gains appears without a word of the client changed.
 */
import { describe, expect, it } from 'vitest';
import { clientOperations, clientOperationsSource } from '../../../shared/openapi/client';
import { openApiDocument } from '../../../shared/openapi/document';

type Json = Record<string, any>;
const document = openApiDocument() as Json;
const table = clientOperations(document);

/** A copy of the document with one more path. */
const withPath = (path: string, item: Json) => ({ ...document, paths: { ...document.paths, [path]: item } });
const collectionAnswer = (items: string) => ({
  200: {
    description: 'A page',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            [items]: { type: 'array', items: { type: 'object' } },
            CollectionConfiguration: { $ref: '#/components/schemas/CollectionConfiguration' },
            Notifications: { $ref: '#/components/schemas/Notifications' },
          },
        },
      },
    },
  },
});

describe('clientOperations', () => {
  it('holds every operation of the document but the trailing-slash forms, by operationId', () => {
    const ids = Object.values<Json>(document.paths).flatMap((item) =>
      Object.values<Json>(item)
        .filter((operation) => !operation['x-trailing-slash-of'])
        .map((operation) => operation.operationId),
    );
    expect(Object.keys(table).sort()).toEqual(ids.sort());
    expect(table['container.loadDefault.trailingSlash']).toBeUndefined();
  });

  it('reads a write: path parameters, JSON body, Idempotency-Key, token, the one model of its answer, its ETag', () => {
    expect(table['container.create']).toEqual({
      method: 'POST',
      path: '/waste-management/api/v1/{clientUuid}/{facilityUuid}/container',
      pathParams: ['clientUuid', 'facilityUuid'],
      queryParams: [],
      body: 'required',
      ifMatch: false,
      idempotencyKey: true,
      auth: true,
      success: 200,
      media: ['application/json'],
      notifications: true,
      member: 'ContainerModel',
      collection: false,
      etag: true,
      paginated: false,
    });
    expect(table['container.update']).toMatchObject({ method: 'PUT', ifMatch: true, idempotencyKey: false });
  });

  it('unwraps a listing to its items, an answer of several members to itself, a public one without a token', () => {
    expect(table['releaseRegister.list']).toMatchObject({
      queryParams: ['year'],
      media: ['application/json', 'text/csv'],
      member: 'ReleaseRegisterModelCollection',
      collection: true,
      paginated: false,
    });
    expect(table['document.create']).toMatchObject({ member: null, notifications: true });
    expect(table['service.exportRecords']).toMatchObject({ member: null, auth: true, queryParams: ['dryRun'] });
    expect(table['container.nuclides']).toMatchObject({ auth: false, pathParams: [], body: 'none' });
    expect(table['docs.page']).toMatchObject({ media: ['text/html'], notifications: false, member: null });
  });

  it('finds the paginated listings by their {page} and CollectionConfiguration: history, documents, the log', () => {
    const paginated = Object.keys(table).filter((id) => table[id]!.paginated);
    expect(paginated).toEqual(
      expect.arrayContaining(['container.historyPage.page', 'document.page.page', 'maintenanceLog.page.page']),
    );
    for (const id of paginated) expect(table[id], id).toMatchObject({ collection: true, method: 'GET' });
    expect(paginated.every((id) => table[id]!.pathParams.includes('page'))).toBe(true);
    // Their first pages (`/page`, no number) and the unpaginated listings are not walked.
    expect(['document.page', 'document.find', 'container.history'].map((id) => table[id]!.paginated)).toEqual([
      false,
      false,
      false,
    ]);
    expect(table['document.page.page']).toMatchObject({
      pathParams: ['clientUuid', 'facilityUuid', 'page'],
      queryParams: ['State'],
      member: 'DocumentModelCollection',
    });
  });

  it('takes up a route the document gains, a listing of pages among them', () => {
    const grown = withPath('/stock/api/v1/{clientUuid}/items/page/{page}', {
      get: {
        operationId: 'stock.page',
        security: [{ bearer: [] }],
        parameters: [
          { name: 'clientUuid', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'page', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'at', in: 'query', schema: { type: 'string' } },
        ],
        responses: collectionAnswer('StockItemModelCollection'),
      },
    });
    expect(clientOperations(grown)['stock.page']).toMatchObject({
      method: 'GET',
      pathParams: ['clientUuid', 'page'],
      queryParams: ['at'],
      member: 'StockItemModelCollection',
      paginated: true,
    });
    expect(clientOperationsSource(grown, 'docs/openapi.json')).toContain('"stock.page": {');
  });

  it('refuses an operationId whose segment cannot be a member of the client, and two success statuses', () => {
    /** The document with a paginated listing of each id. */
    const withOperations = (...ids: string[]) => {
      const paths = { ...document.paths };
      for (const [i, operationId] of ids.entries())
        paths[`/x/${i}/{page}`] = {
          get: {
            operationId,
            parameters: [{ name: 'page', in: 'path', required: true, schema: { type: 'string' } }],
            responses: collectionAnswer('XModelCollection'),
          },
        };
      return { ...document, paths };
    };
    const refused = [
      ['stock.then'],
      ['constructor.list'],
      ['stock.2nd'],
      // Below an operation (a function), and below a paginated listing (its iterators).
      ['stock', 'stock.call'],
      ['stock', 'stock.name'],
      ['stock.page', 'stock.page.items'],
    ];
    for (const ids of refused)
      expect(() => clientOperations(withOperations(...ids)), ids.join()).toThrow(/cannot name a member of the client/);
    // The same names where nothing of the kind is above them.
    expect(Object.keys(clientOperations(withOperations('stock.items', 'stock.pages', 'stock.name')))).toEqual(
      expect.arrayContaining(['stock.items', 'stock.pages', 'stock.name']),
    );
    const twice = withPath('/x', {
      get: { operationId: 'x.get', responses: { 200: { description: 'a' }, 201: { description: 'b' } } },
    });
    expect(() => clientOperations(twice)).toThrow('x.get: the client takes one success status, not 2');
  });
});
