import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileHandler } from '../../shared/http/files';
import { DOCS_ASSETS, docsRoutes } from '../../shared/routes/docs';

/** Starts Swagger UI on the document; no validator badge (it would call a third party). */
const START =
  `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#docs', deepLinking: true, validatorUrl: ` +
  `null, docExpansion: 'list', defaultModelsExpandDepth: -1 });\n`;

const here = path.dirname(fileURLToPath(import.meta.url));
const cache = new Map<string, string>();
/** On AWS the files lie beside the bundle (the stack copies a route's `assets`); locally in the installed package. */
function read(file: string): string {
  let text = cache.get(file);
  if (text === undefined) {
    const beside = path.join(here, path.basename(file));
    text = readFileSync(existsSync(beside) ? beside : createRequire(import.meta.url).resolve(file), 'utf8');
    cache.set(file, text);
  }
  return text;
}

/** GET /docs/{asset}: a file of the docs page (Swagger UI's script and styles, the start script). */
export const handler = fileHandler(docsRoutes.asset, (event) => {
  const name = event.pathParameters?.asset ?? '';
  if (!Object.hasOwn(DOCS_ASSETS, name)) return undefined;
  const asset = DOCS_ASSETS[name as keyof typeof DOCS_ASSETS];
  return { type: `${asset.type}; charset=utf-8`, body: 'file' in asset ? read(asset.file) : START, maxAge: 86400 };
});
