import { fileHandler, originOf, readAsset } from '../../shared/http/files';
import { docsRoutes, OPENAPI_FILE } from '../../shared/routes/docs';

let document: Record<string, unknown> | undefined;

/**
 * GET /openapi.json: the OpenAPI 3.1 document (docs/openapi.json), naming the address it was fetched from as its
 * server.
 */
export const handler = fileHandler(docsRoutes.openapi, (event) => {
  document ??= JSON.parse(readAsset(OPENAPI_FILE)) as Record<string, unknown>;
  return {
    type: 'application/json',
    body: JSON.stringify({ ...document, servers: [{ url: originOf(event), description: 'This service' }] }),
  };
});
