/**
 * CORS of the API, one fact for both places that answer it: the HTTP API's CORS configuration on
 * AWS (infra/api.ts) and the local gateway (infra/local/gateway.ts). Origins are a stage setting.
 */
export const CORS_ALLOW_HEADERS = [
  'Authorization',
  'Content-Type',
  'If-Match',
  'Accept-Language',
  'Idempotency-Key',
] as const;
/** Response headers a browser script may read: the ETag for If-Match, Retry-After of a 503. */
export const CORS_EXPOSE_HEADERS = ['ETag', 'Retry-After'] as const;
export const CORS_MAX_AGE_SECONDS = 3600;
