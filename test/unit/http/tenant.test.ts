/**
 * shared/http/tenant.ts: a tenant route's session is only ever asked for the tenant of its path, and only when the
 * verified token holds it (refused before anything reaches STS); what a function builds over a session, once.
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/auth/claims';
import type { TenantSession } from '../../../shared/clients/tenant-sessions';
import type { ApiRequest } from '../../../shared/http/types';
import { pathSessionOf, perTenant } from '../../../shared/http/tenant';
import { errorOf, rejection } from '../../support/errors';
import { apiEvent } from '../../support/events';

const caller: Caller = { sub: 's1', name: undefined, clients: ['c1'], facilities: ['f1'], roles: [], exp: 2e9 };
const session = (facility: string): TenantSession => ({
  tenant: { client: 'c1', facility },
  credentials: { accessKeyId: 'a', secretAccessKey: 's', sessionToken: 't', expiration: new Date(Date.now() + 3.6e6) },
});

describe('the session of a request', () => {
  it('is refused 403 for a path without a tenant, without a caller, or for a tenant the token does not hold', () => {
    const refusals = [
      [apiEvent({ pathParameters: {} }), caller],
      [apiEvent({ pathParameters: { clientUuid: 'c1', facilityUuid: 'f1' } }), undefined],
      [apiEvent({ pathParameters: { clientUuid: 'c1', facilityUuid: 'f2' } }), caller],
      [apiEvent({ pathParameters: { clientUuid: 'c2', facilityUuid: 'f1' } }), caller],
    ] as const;
    for (const [event, who] of refusals) {
      const error = errorOf(() => pathSessionOf(event, who, 'fn'));
      expect([error.statusCode, error.notification.key]).toEqual([403, 'auth.tenant_forbidden']);
    }
  });

  it("is refused for the request's services too, when its path names a tenant the caller lacks", async () => {
    const services = perTenant((s) => ({ tenant: s.tenant }));
    const request = {
      event: apiEvent({ pathParameters: { clientUuid: 'c1', facilityUuid: 'f9' } }),
      identity: caller,
      functionName: 'fn',
    } as unknown as ApiRequest;
    expect((await rejection(services.of(request))).statusCode).toBe(403);
  });
});

describe("what a function builds over a tenant's session", () => {
  it('is built once per session, apart for each tenant', () => {
    let built = 0;
    const services = perTenant((s) => ({ facility: s.tenant.facility, n: ++built }));
    const [f1, f2] = [session('f1'), session('f2')];
    expect(services.over(f1)).toBe(services.over(f1));
    expect(services.over(f2)).toMatchObject({ facility: 'f2' });
    expect(built).toBe(2);
  });
});
