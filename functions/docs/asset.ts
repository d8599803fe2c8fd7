import { fileHandler, readAsset } from '../../shared/http/files';
import { DOCS_ASSETS, docsRoutes } from '../../shared/routes/docs';

/** Starts Swagger UI on the document; no validator badge (it would call a third party). */
const START =
  `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#docs', deepLinking: true, validatorUrl: ` +
  `null, docExpansion: 'list', defaultModelsExpandDepth: -1 });\n`;

export const handler = fileHandler(docsRoutes.asset, (event) => {
  const name = event.pathParameters?.asset ?? '';
  if (!Object.hasOwn(DOCS_ASSETS, name)) return undefined;
  const asset = DOCS_ASSETS[name as keyof typeof DOCS_ASSETS];
  return { type: `${asset.type}; charset=utf-8`, body: 'file' in asset ? readAsset(asset.file) : START, maxAge: 86400 };
});
