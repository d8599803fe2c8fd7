/**
 * What an `Idempotency-Key` is (shared/http/idempotency.ts keeps its records): its header, how long its record lasts
 * and what it may look like. Apart from the middleware, so the OpenAPI generator documents it without loading it.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_SECONDS = 24 * 60 * 60;
/** What a key may look like: a UUID, or any short token of safe characters. */
export const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
