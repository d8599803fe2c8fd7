import type { Route } from './types';

/** The OpenAPI document, written by `npm run openapi`, served by GET /openapi.json. */
export const OPENAPI_FILE = 'docs/openapi.json';

/** The files of the docs page: Swagger UI's, copied next to the bundle on AWS, and its start script. */
export const DOCS_ASSETS = {
  'swagger-ui-bundle.js': { file: 'node_modules/swagger-ui-dist/swagger-ui-bundle.js', type: 'text/javascript' },
  'swagger-ui.css': { file: 'node_modules/swagger-ui-dist/swagger-ui.css', type: 'text/css' },
  'docs.js': { type: 'text/javascript' },
} as const;
const file = { auth: 'public', data: 'none', files: 'none' } as const;

/** The contract, published by the service itself: the OpenAPI document and a page that renders it. */
export const docsRoutes = {
  openapi: {
    operation: 'docs.openapi',
    summary:
      "The OpenAPI 3.1 document (docs/openapi.json), naming the stage's configured address as its server (a relative " +
      "`/` without one), never one from the request's headers: the answer may be cached publicly.",
    method: 'GET',
    path: '/openapi.json',
    entry: 'functions/docs/openapi.ts',
    ...file,
    // A file beside the bundle, not bundled: JSON.parse of it costs less than evaluating it as code.
    assets: [OPENAPI_FILE],
  },
  page: {
    operation: 'docs.page',
    summary: 'The API reference, Swagger UI rendering /openapi.json; every file from this service.',
    method: 'GET',
    path: '/docs',
    entry: 'functions/docs/page.ts',
    ...file,
  },
  asset: {
    operation: 'docs.asset',
    summary: "A file of the docs page (Swagger UI's script and styles, the start script).",
    method: 'GET',
    path: '/docs/{asset}',
    entry: 'functions/docs/asset.ts',
    ...file,
    answers: { 404: ['route.not_found'] },
    assets: Object.values(DOCS_ASSETS).flatMap((a) => ('file' in a ? [a.file] : [])),
  },
} as const satisfies Record<string, Route>;
