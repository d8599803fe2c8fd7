/**
 * shared/routes/index.ts: every route of the table comes with what it needs: its handler, its documentation
 * entry (shared/openapi/routes-meta.ts, typed by operation), a sample event in events/ and, for each event function,
 * its sample. A forgotten or misspelt one fails here in seconds rather than in the runtime tests.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsOf, routeDocs } from '../../../shared/openapi/routes-meta';
import { eventFunctions, routeKey, routes } from '../../../shared/routes';
import { sampleEvents, samplesOfEventFunction, samplesOfRoute } from '../../support/sample-events';

const root = path.resolve(import.meta.dirname, '../../..');

describe('every route of the route table', () => {
  it('has its handler module', () => {
    expect(routes.map((r) => r.entry).filter((entry) => !existsSync(path.join(root, entry)))).toEqual([]);
  });

  it('has its documentation entry, with its 200 answer, and no entry names another operation', () => {
    const operations = [...new Set(routes.map((r) => r.operation))].sort();
    expect(Object.keys(routeDocs).sort()).toEqual(operations);
    expect(routes.filter((r) => !docsOf(r).reply).map((r) => r.operation)).toEqual([]);
  });

  it('has exactly one sample event in events/, by its route key', () => {
    const counts = routes.map((route) => [routeKey(route), samplesOfRoute(route).map((s) => s.file)]);
    expect(counts.filter(([, files]) => files!.length !== 1)).toEqual([]);
  });

  it('and so has every event function, by its handler file name', () => {
    const counts = eventFunctions.map((fn) => [fn.name, samplesOfEventFunction(fn).map((s) => s.file)]);
    expect(counts.filter(([, files]) => files!.length !== 1)).toEqual([]);
  });

  it('leaves no sample event in events/ that no route or event function takes', () => {
    const taken = new Set([
      ...routes.flatMap((route) => samplesOfRoute(route)),
      ...eventFunctions.flatMap((fn) => samplesOfEventFunction(fn)),
    ]);
    expect(sampleEvents.filter((sample) => !taken.has(sample)).map((s) => s.file)).toEqual([]);
  });
});
