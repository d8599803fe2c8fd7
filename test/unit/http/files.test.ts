/**
 * shared/http/files.ts: a route that answers a file (the docs page, its assets, the OpenAPI document): the file with
 * its type, cache time and the page's own security headers, or 404 and 400 in the Notifications envelope.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { fileHandler, readAsset } from '../../../shared/http/files';
import { docsRoutes, OPENAPI_FILE } from '../../../shared/routes/docs';
import { apiEvent } from '../../support/events';

const event = (options: { query?: string; proxy?: string; language?: string } = {}) =>
  ({
    ...apiEvent({ rawPath: '/docs/app.js', headers: options.language ? { 'accept-language': options.language } : {} }),
    rawQueryString: options.query ?? '',
    pathParameters: { asset: 'app.js', ...(options.proxy ? { proxy: options.proxy } : {}) },
  }) as unknown as APIGatewayProxyEventV2;
const handler = fileHandler(docsRoutes.asset, (e) =>
  e.pathParameters?.asset === 'app.js' ? { type: 'text/javascript', body: 'start()', maxAge: 60 } : undefined,
);
const notificationOf = (body: string | undefined) => JSON.parse(body ?? '{}').Notifications[0];

describe('a file route', () => {
  it('answers the file with its type and cache time, scripts and styles of its own origin only', async () => {
    const answer = await handler(event());
    expect(answer).toMatchObject({ statusCode: 200, body: 'start()' });
    expect(answer.headers).toMatchObject({
      'Content-Type': 'text/javascript',
      'Cache-Control': 'public, max-age=60',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
    expect(answer.headers!['Content-Security-Policy']).toContain("script-src 'self'");
    expect(answer.headers!['Content-Security-Policy']).toContain("default-src 'none'");
  });

  it('answers 404 for a file it does not have and for a path beyond the route, in the envelope', async () => {
    for (const e of [
      { ...event(), pathParameters: { asset: 'missing.js' } } as unknown as APIGatewayProxyEventV2,
      event({ proxy: 'more/than/this' }),
    ]) {
      const answer = await handler(e);
      expect(answer.statusCode).toBe(404);
      expect(answer.headers).toMatchObject({ 'Content-Type': 'application/json' });
      expect(notificationOf(answer.body as string)).toMatchObject({ Message: 'route.not_found' });
    }
  });

  it('answers 400 for a query the route does not declare, in the language asked for', async () => {
    const [german, english] = await Promise.all([
      handler(event({ query: 'debug=1', language: 'de' })),
      handler(event({ query: 'debug=1' })),
    ]);
    expect([german.statusCode, english.statusCode]).toEqual([400, 400]);
    const [de, en] = [notificationOf(german.body as string), notificationOf(english.body as string)];
    expect(de.Message).toBe(en.Message);
    expect(de.Details).toHaveLength(1);
    expect(de.Details[0]).toContain('debug');
    expect(de.LocalizedMessage).not.toBe(en.LocalizedMessage);
  });
});

describe('readAsset', () => {
  it("reads a route's asset from the repository, the same text every time", () => {
    const document = readAsset(OPENAPI_FILE);
    expect(JSON.parse(document).openapi).toMatch(/^3\./);
    expect(readAsset(OPENAPI_FILE)).toBe(document);
  });
});
