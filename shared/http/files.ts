/**
 * The handler of a route that answers a file rather than a JSON envelope (the docs page, its
 * assets, the OpenAPI document). No token, no data; a query it does not declare is 400 and a missing file 404, in the
 * Notifications envelope like any other. Its own security headers: the page runs scripts and styles of its own
 * origin only.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { readFileSync } from 'node:fs';
import { assetPath } from '../assets';
import { AppError } from '../errors';
import { languageOf, notification, type NotificationSpec } from '../i18n/translate';
import { GREEDY, type Route } from '../routes/types';
import { mapStackTraces } from '../stack-traces';
import { queryOf } from './query';

interface ServedFile {
  type: string;
  body: string;
  /** Seconds a browser may keep it (the document and the page: 0, revalidated). */
  maxAge?: number;
}

const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src " +
    "'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

// In a bundle, stacks name the sources (as the other functions' do through shared/observability.ts).
mapStackTraces(import.meta.url);

const assets = new Map<string, string>();
/**
 * A route's asset (`Route.assets`, relative to the repository root), read once: on AWS it lies beside the bundle (the
 * stack copies it there), locally it is read from the repository.
 */
export function readAsset(file: string): string {
  let text = assets.get(file);
  if (text === undefined) {
    text = readFileSync(assetPath(file), 'utf8');
    assets.set(file, text);
  }
  return text;
}

export function fileHandler(route: Route, serve: (event: APIGatewayProxyEventV2) => ServedFile | undefined) {
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const language = await languageOf(event.headers['accept-language']);
    const error = (statusCode: number, spec: NotificationSpec): APIGatewayProxyStructuredResultV2 => ({
      statusCode,
      headers: { 'Content-Type': 'application/json', ...SECURITY_HEADERS },
      body: JSON.stringify({ Notifications: [notification(spec, language)] }),
    });
    // As the Middy stack checks: a trailing-slash twin with more after the slash first, then the query.
    if (event.pathParameters?.[GREEDY]) return error(404, { key: 'route.not_found' });
    try {
      queryOf(route, event.rawQueryString);
    } catch (refused) {
      if (refused instanceof AppError) return error(refused.statusCode, refused.notification);
      throw refused;
    }
    const file = serve(event);
    if (!file) return error(404, { key: 'route.not_found' });
    return {
      statusCode: 200,
      headers: {
        'Content-Type': file.type,
        'Cache-Control': `public, max-age=${file.maxAge ?? 0}`,
        ...SECURITY_HEADERS,
      },
      body: file.body,
    };
  };
}
