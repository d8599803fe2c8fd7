/**
 * Finding 5 of issue 9: a token spelled non-canonically (same bytes, other base64url) is 401 through the real
 * authorizer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, containerPath, errorOf, newTenant } from '../support/api';

const tenant = newTenant();
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The same bytes with the last character's unused low bit set (when it has unused bits). */
const sibling = (s: string) =>
  (s.length * 6) % 8 ? s.slice(0, -1) + alphabet[alphabet.indexOf(s.at(-1)!) ^ 1] : `${s}=`;
let uuid: string;

beforeAll(async () => {
  uuid = (await call('POST', containerPath(tenant), { token: tenant.token, body: { Name: 'mine' } })).body
    .ContainerModel.Uuid;
});

describe('non-canonical token encodings are 401', () => {
  const [header, payload, signature] = tenant.token.split('.') as [string, string, string];
  const variants: Record<string, string> = {
    'signature last character swapped': `${header}.${payload}.${sibling(signature)}`,
    'payload last character swapped': `${header}.${sibling(payload)}.${signature}`,
    'header last character swapped': `${sibling(header)}.${payload}.${signature}`,
    'signature with =': `${header}.${payload}.${signature}=`,
    'signature with ==': `${header}.${payload}.${signature}==`,
    'header with =': `${header}=.${payload}.${signature}`,
    'payload with a space': `${header}.${payload} .${signature}`,
  };

  it('the canonical token itself is accepted', async () => {
    expect((await call('GET', containerPath(tenant, uuid), { token: tenant.token })).status).toBe(200);
  });

  for (const [name, variant] of Object.entries(variants)) {
    it(name, async () => {
      const r = await call('GET', containerPath(tenant, uuid), { headers: { authorization: `Bearer ${variant}` } });
      expect(r.status, r.text).toBe(401);
      expect(errorOf(r).Message).toBe('auth.token_invalid');
    });
  }

  it('two spaces after Bearer', async () => {
    const r = await call('GET', containerPath(tenant, uuid), { headers: { authorization: `Bearer  ${tenant.token}` } });
    expect(r.status).toBe(401);
  });
});
