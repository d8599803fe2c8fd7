import { config } from '../../shared/config';
import { fileHandler, readAsset } from '../../shared/http/files';
import { docsRoutes, OPENAPI_FILE } from '../../shared/routes/docs';

let document: string | undefined;

export const handler = fileHandler(docsRoutes.openapi, () => {
  // The stage's address, never one from the request's headers: the answer may be cached publicly.
  document ??= JSON.stringify({
    ...(JSON.parse(readAsset(OPENAPI_FILE)) as Record<string, unknown>),
    servers: [{ url: config.apiBaseUrl ?? '/', description: 'This service' }],
  });
  return { type: 'application/json', body: document };
});
