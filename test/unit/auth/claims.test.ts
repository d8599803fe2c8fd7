/** shared/auth/claims.ts: the caller from verified claims, its hand-over through the authorizer context, and back. */
import { describe, expect, it } from 'vitest';
import { identityFromClaims, identityFromContext, toAuthorizerContext, type Caller } from '../../../shared/auth/claims';

const now = new Date('2026-03-01T12:00:00Z');
const exp = Math.floor(now.getTime() / 1000) + 600;
const claims = {
  sub: 's1',
  name: 'Ada Lovelace',
  clients: ['c1', 'c2'],
  facilities: ['f1'],
  roles: ['rpo'],
  exp,
  iss: 'ignored',
};

describe('identityFromClaims', () => {
  it('takes the caller from the claims it needs; roles default to none, name may be absent', () => {
    expect(identityFromClaims(claims)).toEqual({
      sub: 's1',
      name: 'Ada Lovelace',
      clients: ['c1', 'c2'],
      facilities: ['f1'],
      roles: ['rpo'],
      exp,
    });
    const { roles: _roles, name: _name, ...bare } = claims;
    expect(identityFromClaims(bare)).toEqual({
      sub: 's1',
      name: undefined,
      clients: ['c1', 'c2'],
      facilities: ['f1'],
      roles: [],
      exp,
    });
  });

  it.each([
    ['no sub', { sub: undefined }],
    ['an empty sub', { sub: '' }],
    ['no exp', { exp: undefined }],
    ['exp as text', { exp: String(exp) }],
    ['clients not an array', { clients: 'c1' }],
    ['facilities missing', { facilities: undefined }],
    ['a client that is not a string', { clients: ['c1', 2] }],
    ['an identifier holding a comma (it would split in the hand-over)', { facilities: ['f1,f2'] }],
    ['roles not an array', { roles: 'rpo' }],
    ['a name that is not a string', { name: 42 }],
  ])('refuses a payload with %s', (_, change) => {
    expect(() => identityFromClaims({ ...claims, ...change })).toThrow();
  });
});

describe('toAuthorizerContext and identityFromContext', () => {
  const caller: Caller = {
    sub: 's1',
    name: 'Ada Lovelace',
    clients: ['c1', 'c2'],
    facilities: ['f1'],
    roles: ['rpo', 'reporter'],
    exp,
  };

  it('joins the lists with commas, and reads back the same caller', () => {
    const context = toAuthorizerContext(caller);
    expect(context).toEqual({
      sub: 's1',
      name: 'Ada Lovelace',
      clients: 'c1,c2',
      facilities: 'f1',
      roles: 'rpo,reporter',
      exp,
    });
    expect(identityFromContext(context, now)).toEqual(caller);
  });

  it('carries no name when the token has none, and empty lists as empty', () => {
    const context = toAuthorizerContext({ ...caller, name: undefined, roles: [] });
    expect(context).not.toHaveProperty('name');
    expect(identityFromContext(context, now)).toEqual({ ...caller, name: undefined, roles: [] });
    expect(identityFromContext({ sub: 's1', clients: '', facilities: '', roles: '', exp }, now)).toMatchObject({
      clients: [],
      facilities: [],
      roles: [],
    });
  });

  it('reads an exp that API Gateway passed on as text', () => {
    expect(identityFromContext({ ...toAuthorizerContext(caller), exp: String(exp) as unknown as number }, now)).toEqual(
      caller,
    );
  });

  it('says the token is missing when there is no context or no subject', () => {
    expect(identityFromContext(undefined, now)).toEqual({ error: 'auth.token_missing' });
    expect(identityFromContext({}, now)).toEqual({ error: 'auth.token_missing' });
  });

  it("passes on the authorizer's reason", () => {
    expect(identityFromContext({ error: 'auth.token_invalid' }, now)).toEqual({ error: 'auth.token_invalid' });
  });

  it('takes a token that expired since the authorizer (cached) let it through as expired, to the second', () => {
    const context = toAuthorizerContext(caller);
    expect(identityFromContext(context, new Date(exp * 1000 - 1))).toEqual(caller);
    expect(identityFromContext(context, new Date(exp * 1000))).toEqual({ error: 'auth.token_expired' });
    expect(identityFromContext({ ...context, exp: undefined }, now)).toEqual({ error: 'auth.token_expired' });
  });
});
