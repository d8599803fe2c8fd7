import { config } from '../../shared/config';
import { fileHandler, readAsset } from '../../shared/http/files';
import { docsRoutes, OPENAPI_FILE } from '../../shared/routes/docs';

let document: string | undefined;

/**
 * GET /openapi.json: the OpenAPI 3.1 document (docs/openapi.json), naming the stage's configured address as its
 * server (a relative `/` without one), never one from the request's headers: the answer may be cached publicly.
 */
export const handler = fileHandler(docsRoutes.openapi, () => {
  document ??= JSON.stringify({
    ...(JSON.parse(readAsset(OPENAPI_FILE)) as Record<string, unknown>),
    servers: [{ url: config.apiBaseUrl ?? '/', description: 'This service' }],
  });
  return { type: 'application/json', body: document };
});
