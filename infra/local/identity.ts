/**
 * The local dev issuer: an RSA key pair under `.local/issuer/`, made on first use. The local
 * authorizer trusts its JWKS (cached into aws-jwt-verify, no network); `npm run token` signs with it.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { localDir } from './paths';

export const LOCAL_ISSUER = 'https://issuer.nm-archive.localhost';
export const LOCAL_AUDIENCE = 'nm-archive-local';
/** Never fetched: the JWKS is cached into the verifier. */
export const LOCAL_JWKS_URI = `${LOCAL_ISSUER}/.well-known/jwks.json`;

export interface IssuerKeys {
  kid: string;
  privateKey: KeyObject;
  jwks: { keys: Record<string, unknown>[] };
}

export function issuerKeys(dir = path.join(localDir(), 'issuer')): IssuerKeys {
  const keyFile = path.join(dir, 'private.pem');
  const kidFile = path.join(dir, 'kid');
  if (!existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(kidFile, randomUUID());
  }
  const privateKey = createPrivateKey(readFileSync(keyFile));
  const kid = readFileSync(kidFile, 'utf8').trim();
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  return { kid, privateKey, jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] } };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface TokenOptions {
  clients?: string[];
  facilities?: string[];
  roles?: string[];
  sub?: string;
  name?: string;
  /** Seconds until expiry; negative mints an expired token. */
  ttl?: number;
  /** Overrides for tests (foreign issuer, wrong audience). */
  issuer?: string;
  audience?: string;
}

export const DEFAULT_SUB = '00000000-0000-4000-8000-000000000001';

/** Signs an RS256 JWT with the given key (the dev issuer's by default). */
export function mintToken(
  options: TokenOptions = {},
  keys: Pick<IssuerKeys, 'kid' | 'privateKey'> = issuerKeys(),
): string {
  const now = Math.floor(Date.now() / 1000);
  const ttl = options.ttl ?? 3600;
  const header = { alg: 'RS256', typ: 'JWT', kid: keys.kid };
  const payload = {
    iss: options.issuer ?? LOCAL_ISSUER,
    aud: options.audience ?? LOCAL_AUDIENCE,
    sub: options.sub ?? DEFAULT_SUB,
    name: options.name ?? 'Local Developer',
    clients: options.clients ?? [],
    facilities: options.facilities ?? [],
    roles: options.roles ?? [],
    iat: Math.min(now, now + ttl - 1),
    nbf: Math.min(now, now + ttl - 1),
    exp: now + ttl,
    jti: randomUUID(),
  };
  const signingInput = `${b64url(header)}.${b64url(payload)}`;
  const signature = sign('RSA-SHA256', Buffer.from(signingInput), keys.privateKey).toString('base64url');
  return `${signingInput}.${signature}`;
}
