import { describe, expect, it } from 'vitest';
import { bearerToken, isCanonicalBase64Url } from '../../../shared/auth/bearer';

const segment = (bytes: number) => Buffer.alloc(bytes, 0xab).toString('base64url');
const token = `${segment(20)}.${segment(40)}.${segment(256)}`;

describe('bearer token', () => {
  it('takes exactly `Bearer <canonical JWS>` (the scheme in any case)', () => {
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer ${token}`)).toBe(token);
  });

  it.each([
    ['two spaces', `Bearer  ${token}`],
    ['a trailing space', `Bearer ${token} `],
    ['a tab', `Bearer\t${token}`],
    ['trailing = on the signature', `Bearer ${token}=`],
    ['trailing == on the signature', `Bearer ${token}==`],
    ['= on the header', `Bearer ${segment(20)}=.${segment(40)}.${segment(256)}`],
    ['a space inside', `Bearer ${segment(20)}.${segment(40)} .${segment(256)}`],
    ['two segments', `Bearer ${segment(20)}.${segment(40)}`],
    ['standard base64', `Bearer ${token.replace(/_/g, '/')}/+`],
  ])('refuses %s', (_, header) => {
    expect(bearerToken(header)).toBeUndefined();
  });

  it('refuses a last character whose unused low bits are not zero, in any segment', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = (s: string) => s.slice(0, -1) + alphabet[alphabet.indexOf(s.at(-1)!) ^ 1];
    for (const s of [segment(20), segment(40), segment(256)]) {
      // 20, 40 and 256 bytes leave 4 or 2 unused bits: the sibling decodes to the same bytes.
      expect(Buffer.from(sibling(s), 'base64url')).toEqual(Buffer.from(s, 'base64url'));
      expect(isCanonicalBase64Url(sibling(s))).toBe(false);
    }
    const [h, p, sig] = token.split('.') as [string, string, string];
    expect(bearerToken(`Bearer ${sibling(h)}.${p}.${sig}`)).toBeUndefined();
    expect(bearerToken(`Bearer ${h}.${sibling(p)}.${sig}`)).toBeUndefined();
    expect(bearerToken(`Bearer ${h}.${p}.${sibling(sig)}`)).toBeUndefined();
  });
});
