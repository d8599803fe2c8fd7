/**
 * What a value of the service may be, as plain predicates (no schema library): the valibot schemas
 * of shared/schemas/ build on them, and the HTTP layer checks path parameters with them.
 */

/** Identifiers: UUID-shaped, at most 36 characters, never a key separator. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9_-]{1,36}$/;
export const isIdentifier = (value: string): boolean => IDENTIFIER_PATTERN.test(value);

/**
 * Well-formed Unicode: no lone UTF-16 surrogate, which JSON (`"\ud800"`) can carry but UTF-8, S3
 * metadata and URI encoding cannot. Every string the service takes passes through `text` or a
 * narrower ASCII grammar (identifiers, page numbers, enums, flags, the Authorization header).
 */
export const isWellFormed = (value: string): boolean => !/\p{Surrogate}/u.test(value);

/**
 * The numbers the service stores exactly: 0, or QUANTITY_MIN to QUANTITY_MAX. The top is the largest
 * integer lib-dynamodb marshals without its safe-integer guard (and a double holds exactly); the
 * bottom lies well inside DynamoDB's range (1e-130), so no value underflows or loses digits there
 * (a double prints as at most 17 significant digits, DynamoDB keeps 38).
 */
export const QUANTITY_MIN = 1e-100;
export const QUANTITY_MAX = Number.MAX_SAFE_INTEGER;
export const isStorableNumber = (value: number): boolean =>
  value === 0 || (Math.abs(value) >= QUANTITY_MIN && Math.abs(value) <= QUANTITY_MAX);

/** A page number in a path: a positive whole number written without sign or leading zero. */
export const PAGE_PATTERN = /^[1-9][0-9]*$/;

/**
 * A value as text with every object's members sorted, so that two equal values read the same however their members
 * were ordered (a map read back from DynamoDB comes in any order). Arrays keep their order unless `unordered`.
 */
export function canonicalJson(value: unknown, unordered = false): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonicalJson(item));
    return `[${(unordered ? items.sort() : items).join(',')}]`;
  }
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
