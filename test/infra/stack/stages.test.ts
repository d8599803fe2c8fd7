/** The stage settings (infra/stages.ts): names, dev's and prod's differences, the context overrides. */
import { describe, expect, it } from 'vitest';
import { stageConfig } from '../../../infra/stages';

describe('stage settings', () => {
  it('takes any stage name of 2 to 21 lower-case letters, digits and hyphens, and refuses others', () => {
    for (const name of ['Alice', 'a', '1dev', 'dev_2', 'a'.repeat(22), 'dev/x'])
      expect(() => stageConfig(name), name).toThrow(`Stage name "${name}" must match`);
    for (const name of ['alice', 'qa-2', 'a'.repeat(21)])
      expect(stageConfig(name).auth.audience).toBe(`nm-archive-${name}`);
  });
  it("gives a personal stage dev's settings", () => {
    const { auth: _dev, usesPlaceholders: _a, ...dev } = stageConfig('dev');
    const { auth, usesPlaceholders: _b, ...alice } = stageConfig('alice');
    expect(alice).toEqual(dev);
    expect(auth.issuer).toMatch(/nm-archive-alice$/);
  });
  it('throttles and retains differently in dev and prod', () => {
    const [dev, prod] = [stageConfig('dev'), stageConfig('prod')];
    expect(dev.throttle).not.toEqual(prod.throttle);
    expect(dev.logRetention).not.toBe(prod.logRetention);
  });
  it('has offline placeholders for auth, overridable by context', () => {
    const defaults = stageConfig('prod');
    expect(defaults.auth.issuer).toMatch(/^https:\/\/[^/]*example\.com\//);
    expect(defaults.usesPlaceholders).toBe(true);
    const overrides: Record<string, string> = {
      authIssuer: 'https://id.test/pool',
      authAudience: 'aud',
      authJwksUri: 'https://id.test/pool/jwks',
      corsOrigins: 'https://a.test, https://b.test',
      apiBaseUrl: 'https://api.a.test',
    };
    const custom = stageConfig('prod', (key) => overrides[key]);
    expect(custom.auth).toEqual({
      issuer: 'https://id.test/pool',
      audience: 'aud',
      jwksUri: 'https://id.test/pool/jwks',
    });
    expect(custom.corsAllowedOrigins).toEqual(['https://a.test', 'https://b.test']);
    expect(custom.apiBaseUrl).toBe('https://api.a.test');
    expect(defaults.apiBaseUrl).toBeUndefined();
    expect(() => stageConfig('prod', (key) => (key === 'apiBaseUrl' ? 'https://api.a.test/v1' : undefined))).toThrow(
      /apiBaseUrl/,
    );
    expect(custom.usesPlaceholders).toBe(false);
  });
});
