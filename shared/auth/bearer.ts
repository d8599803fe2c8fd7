/**
 * The bearer token of an Authorization header, in its one canonical spelling (RFC 6750 `Bearer`,
 * one space, a JWS compact serialization). base64url admits several spellings of the same bytes
 * (padding, stray characters the decoder skips, nonzero unused low bits in the last character);
 * each would verify and be cached under its own key, so only the canonical one is a token.
 */
const JWS = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/** A segment is canonical when re-encoding its bytes spells it exactly. */
export const isCanonicalBase64Url = (segment: string): boolean =>
  Buffer.from(segment, 'base64url').toString('base64url') === segment;

/** The token, or undefined when the header is not exactly `Bearer <canonical JWS>`. */
export function bearerToken(header: string): string | undefined {
  const token = JWS.exec(header)?.[1];
  return token?.split('.').every(isCanonicalBase64Url) ? token : undefined;
}
