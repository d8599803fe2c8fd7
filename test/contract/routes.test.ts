/**
 * Every route of the route table answers over HTTP, with and without the trailing slash, through
 * the real authorizer and handler. A route without a sample here fails the suite: new routes come
 * with their contract test.
 */
import { describe, expect, it } from 'vitest';
import { routes, type Route } from '../../shared/routes';
import { CONTAINER_FIELDS } from '../../shared/domain/container';
import { call, containerPath, newTenant, type ApiResponse } from '../support/api';
import { fillPath } from '../support/routes';

type Tenant = ReturnType<typeof newTenant>;
interface Sample {
  /** Makes whatever the call needs and returns the path values and body. */
  prepare(t: Tenant): Promise<{ values: Record<string, string>; body?: unknown }>;
  check(response: ApiResponse, t: Tenant): void;
}

async function createContainer(t: Tenant, body: unknown = { Name: 'Sample' }) {
  const created = await call('POST', containerPath(t), { token: t.token, body });
  expect(created.status).toBe(200);
  return created.body.ContainerModel.Uuid as string;
}

const expectContainer = (response: ApiResponse, t: Tenant) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(Object.keys(response.body)).toEqual(['ContainerModel', 'Notifications']);
  expect(Object.keys(response.body.ContainerModel)).toEqual([...CONTAINER_FIELDS]);
  expect(response.body.ContainerModel).toMatchObject({ Client: t.client, Facility: t.facility });
};

const samples: Record<string, Sample> = {
  'container.loadDefault': {
    prepare: async (t) => ({ values: { clientUuid: t.client, facilityUuid: t.facility } }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.body.ContainerModel.State).toBe('OPEN');
      expect(r.body.Notifications).toEqual([]);
    },
  },
  'container.load': {
    prepare: async (t) => ({ values: { clientUuid: t.client, facilityUuid: t.facility, uuid: await createContainer(t) } }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.headers.get('etag')).toMatch(/^".+"$/);
      expect(r.body.Notifications).toEqual([]);
    },
  },
  'container.create': {
    prepare: async (t) => ({ values: { clientUuid: t.client, facilityUuid: t.facility }, body: { Name: 'Created' } }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.body.Notifications.map((n: { Type: string }) => n.Type)).toEqual(['Success']);
    },
  },
  'container.update': {
    prepare: async (t) => ({ values: { clientUuid: t.client, facilityUuid: t.facility, uuid: await createContainer(t) }, body: { Name: 'Renamed' } }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.body.ContainerModel.Name).toBe('Renamed');
    },
  },
  'container.delete': {
    prepare: async (t) => ({ values: { clientUuid: t.client, facilityUuid: t.facility, uuid: await createContainer(t) } }),
    check: (r, t) => {
      expectContainer(r, t);
      expect(r.body.Notifications[0].Message).toBe('container.deleted');
    },
  },
};

describe('every route of the route table', () => {
  it('has a contract sample', () => {
    expect(routes.map((r) => r.operation).filter((op) => !samples[op])).toEqual([]);
  });

  for (const route of routes as Route[]) {
    for (const trailingSlash of [false, true]) {
      it(`${route.method} ${route.path}${trailingSlash ? '/' : ''} (${route.operation})`, async () => {
        const sample = samples[route.operation]!;
        const tenant = newTenant();
        const { values, body } = await sample.prepare(tenant);
        const response = await call(route.method, fillPath(route, values, trailingSlash), {
          ...(route.auth === 'public' ? {} : { token: tenant.token }),
          ...(body !== undefined ? { body } : {}),
        });
        sample.check(response, tenant);
      });
    }
  }
});

describe('gateway', () => {
  it('answers an unknown path or method with 404 in the Notifications envelope', async () => {
    for (const [method, path] of [['GET', '/nowhere'], ['PATCH', containerPath({ client: 'c', facility: 'f' })], ['GET', '/waste-management/api/v1/c/f/container/u/extra']]) {
      const response = await call(method!, path!);
      expect(response.status).toBe(404);
      expect(response.body.Notifications[0]).toMatchObject({ Type: 'Error', Message: 'route.not_found' });
    }
  });

  it('answers a CORS preflight for browser clients', async () => {
    const response = await call('OPTIONS', containerPath({ client: 'c', facility: 'f' }, 'u'), { headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,PUT,DELETE');
    expect(response.headers.get('access-control-allow-headers')).toContain('if-match');
  });
});
