/**
 * The handler of a route that answers a file rather than a JSON envelope (the docs page, its
 * assets, the OpenAPI document). No token, no data; a missing file is 404 in the Notifications
 * envelope like any other. Its own security headers: the page runs scripts and styles of its own
 * origin only.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { notification, pickLanguage } from '../i18n/translate';
import { GREEDY, type Route } from '../routes/types';
import { mapStackTraces } from '../stack-traces';

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

/** The address the caller reached the API at (`https://host`; locally `http://127.0.0.1:3000`). */
export const originOf = (event: APIGatewayProxyEventV2): string => {
  const host = event.requestContext.domainName || event.headers.host || 'localhost';
  return `${event.headers['x-forwarded-proto'] ?? 'https'}://${host}`;
};

// In a bundle, stacks name the sources (as the other functions' do through shared/observability.ts).
mapStackTraces(import.meta.url);

const here = path.dirname(fileURLToPath(import.meta.url));
const assets = new Map<string, string>();
/**
 * A route's asset (`Route.assets`, relative to the repository root), read once: on AWS it lies beside the bundle (the
 * stack copies it there), locally it is read from the repository.
 */
export function readAsset(file: string): string {
  let text = assets.get(file);
  if (text === undefined) {
    const beside = path.join(here, path.basename(file));
    text = readFileSync(existsSync(beside) ? beside : path.resolve(here, '../..', file), 'utf8');
    assets.set(file, text);
  }
  return text;
}

export function fileHandler(_route: Route, serve: (event: APIGatewayProxyEventV2) => ServedFile | undefined) {
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const file = event.pathParameters?.[GREEDY] ? undefined : serve(event);
    if (!file) {
      const body = {
        Notifications: [notification({ key: 'route.not_found' }, pickLanguage(event.headers['accept-language']))],
      };
      return {
        statusCode: 404,
        headers: { 'Content-Type': 'application/json', ...SECURITY_HEADERS },
        body: JSON.stringify(body),
      };
    }
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
