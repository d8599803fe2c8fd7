/** shared/http/request.ts: the caller, the tenant, the page number and the API's address of a request. */
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/errors';
import { baseUrl, callerOf, MAX_PAGE, pageOf, tenantOf } from '../../../shared/http/request';
import type { ApiRequest } from '../../../shared/http/types';

function request(options: {
  params?: Record<string, string>;
  headers?: Record<string, string>;
  domain?: string;
  identity?: ApiRequest['identity'];
}) {
  const headers = options.headers ?? {};
  return {
    params: options.params ?? {},
    identity: options.identity,
    event: { requestContext: { domainName: options.domain ?? '' } },
    header: (name: string) => headers[name],
  } as unknown as ApiRequest;
}

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
};

describe('pageOf', () => {
  it('is 1 without a number, the number when it is a positive whole number', () => {
    expect(pageOf(request({}))).toBe(1);
    expect(pageOf(request({ params: { page: '1' } }))).toBe(1);
    expect(pageOf(request({ params: { page: '250' } }))).toBe(250);
  });

  it('answers any page past what a collection can hold as the empty page after the last', () => {
    expect(pageOf(request({ params: { page: '21474837' } }))).toBe(MAX_PAGE + 1);
    expect(pageOf(request({ params: { page: String(Number.MAX_SAFE_INTEGER) } }))).toBe(MAX_PAGE + 1);
  });

  it.each(['0', '-1', '01', '1.5', '1e3', ' 1', 'abc', '99999999999999999999'])(
    'refuses %j with 400 naming page',
    (page) => {
      const error = failure(() => pageOf(request({ params: { page } })));
      expect([error.statusCode, error.notification.details]).toEqual([
        400,
        [{ key: 'detail.page', params: { field: 'page' } }],
      ]);
    },
  );
});

describe('callerOf and tenantOf', () => {
  it('answers the caller, or 401 when the route has none', () => {
    const caller = { sub: 's', name: 'Ada', clients: ['c'], facilities: ['f'], roles: [], exp: 0 };
    expect(callerOf(request({ identity: caller }))).toBe(caller);
    expect(failure(() => callerOf(request({}))).notification.key).toBe('auth.token_missing');
  });

  it('reads the tenant from the path', () => {
    expect(tenantOf(request({ params: { clientUuid: 'c1', facilityUuid: 'f1' } }))).toEqual({
      client: 'c1',
      facility: 'f1',
    });
  });
});

describe('baseUrl', () => {
  it("is the address reached: API Gateway's domain, else the Host header; https unless forwarded", () => {
    expect(baseUrl(request({ domain: 'api.example.org' }))).toBe('https://api.example.org');
    expect(baseUrl(request({ headers: { host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' } }))).toBe(
      'http://127.0.0.1:3000',
    );
    expect(baseUrl(request({}))).toBe('https://localhost');
  });
});
