/** shared/routes/index.ts: matchRoute, the dispatch of the local gateway, as API Gateway matches. */
import { describe, expect, it } from 'vitest';
import { containerRoutes } from '../../../shared/routes/containers';
import { docsRoutes } from '../../../shared/routes/docs';
import { documentRoutes } from '../../../shared/routes/documents';
import { MalformedPathError, matchRoute, routeKey, routes } from '../../../shared/routes';

const CONTAINERS = '/waste-management/api/v1/c1/f1/container';
const DOCUMENTS = '/document/api/v1/c1/f1/documents';
const operationOf = (method: string, path: string) => matchRoute(method, path)?.route.operation;

describe('matchRoute', () => {
  it('finds the route by method and template, with its route key and decoded path parameters', () => {
    expect(matchRoute('GET', `${CONTAINERS}/u1`)).toEqual({
      route: containerRoutes.load,
      routeKey: routeKey(containerRoutes.load),
      pathParameters: { clientUuid: 'c1', facilityUuid: 'f1', uuid: 'u1' },
    });
    expect(matchRoute('DELETE', `${CONTAINERS}/u1/contents/k%C3%BC%20x`)?.pathParameters).toEqual({
      clientUuid: 'c1',
      facilityUuid: 'f1',
      uuid: 'u1',
      contentUuid: 'kü x',
    });
  });

  it('takes the method in any case, and tells methods apart on one path', () => {
    expect(operationOf('get', `${CONTAINERS}/u1`)).toBe('container.load');
    expect(operationOf('PUT', `${CONTAINERS}/u1`)).toBe('container.update');
    expect(operationOf('DELETE', `${CONTAINERS}/u1`)).toBe('container.delete');
    expect(operationOf('POST', CONTAINERS)).toBe('container.create');
  });

  it('matches nothing for an unknown path or a method the path does not serve', () => {
    expect(matchRoute('GET', '/waste-management/api/v1/c1/f1/crate/u1')).toBeUndefined();
    expect(matchRoute('PATCH', `${CONTAINERS}/u1`)).toBeUndefined();
    expect(matchRoute('GET', `${CONTAINERS}/u1`.slice(1))).toBeUndefined();
  });

  it('serves the trailing-slash form through the greedy twin, with an empty greedy part', () => {
    const match = matchRoute('GET', `${CONTAINERS}/u1/`);
    expect(match?.route).toBe(containerRoutes.load);
    expect(match?.routeKey).toBe(routeKey(containerRoutes.load, `${containerRoutes.load.path}/{proxy+}`));
    expect(match?.pathParameters.proxy).toBe('');
    expect(matchRoute('GET', '/docs/')?.route).toBe(docsRoutes.page);
  });

  it('prefers an exact or {variable} route to any greedy twin, whatever the table order', () => {
    expect(operationOf('GET', `${CONTAINERS}/u1/contents`)).toBe('container.contents');
    expect(operationOf('GET', `${CONTAINERS}/u1/history/page/2`)).toBe('container.historyPage');
    expect(matchRoute('GET', `${DOCUMENTS}/page`)?.route).toBe(documentRoutes.page);
    expect(matchRoute('GET', `${DOCUMENTS}/page/3`)?.pathParameters.page).toBe('3');
    expect(operationOf('GET', `${DOCUMENTS}/latest`)).toBe('document.latest');
  });

  it('hands a deeper unknown path to the nearest greedy twin (whose non-empty part the middleware answers 404)', () => {
    const match = matchRoute('GET', `${CONTAINERS}/u1/whatever/else`);
    expect([match?.route, match?.pathParameters.proxy]).toEqual([containerRoutes.load, 'whatever/else']);
  });

  it('throws MalformedPathError, naming the path, when a parameter does not percent-decode', () => {
    for (const bad of ['%ZZ', '%', '%E2%82']) {
      const path = `${CONTAINERS}/${bad}`;
      expect(() => matchRoute('GET', path)).toThrow(MalformedPathError);
      expect(() => matchRoute('GET', path)).toThrow(expect.objectContaining({ rawPath: path }));
    }
  });

  it('reaches every route of the table at its own path (each variable filled)', () => {
    for (const route of routes) {
      const path = route.path.replace(/\{\w+\}/g, 'x1');
      expect(matchRoute(route.method, path)?.route.operation, `${route.method} ${route.path}`).toBe(route.operation);
    }
  });
});
