/** shared/openapi/parameters.ts: the parameters a route's operation takes. */
import { describe, expect, it } from 'vitest';
import { parametersOf } from '../../../shared/openapi/parameters';
import { containerRoutes } from '../../../shared/routes/containers';
import { releaseRoutes } from '../../../shared/routes/releases';

const names = (parameters: Record<string, unknown>[]) => parameters.map((p) => p.name ?? p.$ref);

describe('parametersOf', () => {
  it("gives the path's variables, required, then the language; a POST also its Idempotency-Key", () => {
    const load = parametersOf(containerRoutes.load, { isFile: false });
    expect(names(load)).toEqual(['clientUuid', 'facilityUuid', 'uuid', '#/components/parameters/AcceptLanguage']);
    expect(load.filter((p) => p.in === 'path').every((p) => p.required === true)).toBe(true);
    expect(names(parametersOf(containerRoutes.create, { isFile: false }))).toContain(
      '#/components/parameters/IdempotencyKey',
    );
  });

  it("documents a query's text parameters with their schema, and a file's answer without a language", () => {
    const register = parametersOf(releaseRoutes.register, { isFile: false });
    expect(register.find((p) => p.name === 'year')).toMatchObject({ in: 'query', required: true });
    expect(names(parametersOf(containerRoutes.load, { isFile: true }))).not.toContain(
      '#/components/parameters/AcceptLanguage',
    );
  });
});
