import document from '../../docs/openapi.json' with { type: 'json' };
import { fileHandler, originOf } from '../../shared/http/files';
import { docsRoutes } from '../../shared/routes/docs';

/**
 * GET /openapi.json: the OpenAPI 3.1 document (docs/openapi.json), naming the address it was fetched from as its
 * server.
 */
export const handler = fileHandler(docsRoutes.openapi, (event) => ({
  type: 'application/json',
  body: JSON.stringify({ ...document, servers: [{ url: originOf(event), description: 'This service' }] }),
}));
