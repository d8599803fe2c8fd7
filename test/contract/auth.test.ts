/** Token attacks and tenant isolation over HTTP, through the real authorizer. */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { issuerKeys, mintToken } from '../../infra/local/identity';
import { routes } from '../../shared/routes';
import { call, containerPath, errorOf, newTenant, token } from '../support/api';
import { fillPath } from '../support/routes';

const tenant = newTenant({ name: 'Owner' });
let uuid: string;

beforeAll(async () => {
  const created = await call('POST', containerPath(tenant), {
    token: tenant.token,
    body: { Name: 'Owned', Weight: 7 },
  });
  uuid = created.body.ContainerModel.Uuid;
});

function attacks(): Record<string, string | undefined> {
  const claims = { clients: [tenant.client], facilities: [tenant.facility], roles: ['rpo', 'operator', 'reporter'] };
  const keys = issuerKeys(path.join(inject('localDir'), 'issuer'));
  const good = token(claims);
  const [header, payload, signature] = good.split('.') as [string, string, string];
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const hs256 = enc({ alg: 'HS256', typ: 'JWT', kid: keys.kid });
  return {
    missing: undefined,
    'not a bearer token': 'Basic dXNlcjpwYXNz',
    malformed: 'Bearer not.a.jwt',
    'empty bearer': 'Bearer ',
    expired: `Bearer ${token({ ...claims, ttl: -60 })}`,
    'foreign issuer': `Bearer ${mintToken({ ...claims, issuer: 'https://evil.example' }, keys)}`,
    'wrong audience': `Bearer ${mintToken({ ...claims, audience: 'someone-else' }, keys)}`,
    'alg none': `Bearer ${enc({ alg: 'none', typ: 'JWT', kid: keys.kid })}.${payload}.`,
    'tampered claims': `Bearer ${header}.${enc({ ...decoded, clients: [randomUUID()] })}.${signature}`,
    'signed by another key with the same kid': `Bearer ${mintToken(claims, { kid: keys.kid, privateKey })}`,
    'HS256 with the public key as secret': `Bearer ${hs256}.${payload}.${signature}`,
  };
}

describe('401 for every bad token, on every route that needs one', () => {
  const protectedRoutes = routes.filter((r) => r.auth !== 'public');
  for (const [attack, authorization] of Object.entries(attacks())) {
    it(attack, async () => {
      for (const route of protectedRoutes) {
        const response = await call(
          route.method,
          fillPath(route, { clientUuid: tenant.client, facilityUuid: tenant.facility, uuid }),
          {
            headers: { ...(authorization !== undefined ? { authorization } : {}), 'accept-language': 'de' },
            ...(route.method === 'POST' || route.method === 'PUT' ? { body: { Name: 'Hijacked' } } : {}),
          },
        );
        expect(response.status, `${route.operation}: ${response.text}`).toBe(401);
        const error = errorOf(response);
        expect(error.Message).toMatch(/^auth\.token_(missing|invalid|expired)$/);
        expect(error.Code).toBeGreaterThan(40100);
        expect(error.LocalizedMessage).toMatch(/Token/);
      }
      const after = await call('GET', containerPath(tenant, uuid), { token: tenant.token });
      expect(after.body.ContainerModel).toMatchObject({ Name: 'Owned', Weight: 7 });
    });
  }

  it('says which: missing, expired, invalid', async () => {
    const at = containerPath(tenant, uuid);
    expect(errorOf(await call('GET', at)).Message).toBe('auth.token_missing');
    expect(
      errorOf(
        await call('GET', at, { token: token({ clients: [tenant.client], facilities: [tenant.facility], ttl: -1 }) }),
      ).Message,
    ).toBe('auth.token_expired');
    expect(errorOf(await call('GET', at, { token: 'x.y.z' })).Message).toBe('auth.token_invalid');
  });
});

describe('tenant isolation', () => {
  const other = newTenant({ roles: ['rpo'] });

  it('403 when the path names a client or facility the token does not hold', async () => {
    const cases = [
      token({ clients: [other.client], facilities: [other.facility] }),
      token({ clients: [tenant.client], facilities: [other.facility] }),
      token({ clients: [other.client], facilities: [tenant.facility] }),
      token({ clients: [], facilities: [] }),
    ];
    for (const t of cases) {
      for (const [method, body] of [['GET'], ['PUT', { Name: 'Hijacked' }], ['DELETE']] as const) {
        const response = await call(method, containerPath(tenant, uuid), { token: t, ...(body ? { body } : {}) });
        expect(response.status).toBe(403);
        expect(errorOf(response).Message).toBe('auth.tenant_forbidden');
      }
      expect((await call('POST', containerPath(tenant), { token: t, body: { Name: 'Planted' } })).status).toBe(403);
    }
  });

  it("404 for another tenant's uuid under one's own path; the owner's data stays unchanged", async () => {
    const before = await call('GET', containerPath(tenant, uuid), { token: tenant.token });
    for (const [method, body] of [['GET'], ['PUT', { Name: 'Hijacked', State: 'DECAY' }], ['DELETE']] as const) {
      const response = await call(method, containerPath(other, uuid), {
        token: other.token,
        ...(body ? { body } : {}),
      });
      expect(response.status).toBe(404);
      expect(errorOf(response).Message).toBe('container.not_found');
    }
    const after = await call('GET', containerPath(tenant, uuid), { token: tenant.token });
    expect(after.body.ContainerModel).toEqual(before.body.ContainerModel);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it('a token for several tenants reaches each of them only under its own path', async () => {
    const both = token({ clients: [tenant.client, other.client], facilities: [tenant.facility, other.facility] });
    expect((await call('GET', containerPath(tenant, uuid), { token: both })).status).toBe(200);
    expect((await call('GET', containerPath(other, uuid), { token: both })).status).toBe(404);
    // Client of one tenant with the facility of the other: a pairing that does not exist.
    expect(
      (
        await call('GET', `/waste-management/api/v1/${tenant.client}/${other.facility}/container/${uuid}`, {
          token: both,
        })
      ).status,
    ).toBe(404);
  });

  it('400 for path identifiers that are not identifiers', async () => {
    const response = await call('GET', containerPath(tenant, 'a'.repeat(37)), { token: tenant.token });
    expect(response.status).toBe(400);
    expect(errorOf(response).Details).toEqual([
      'uuid: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
    ]);
  });
});
