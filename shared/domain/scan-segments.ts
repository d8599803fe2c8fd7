/**
 * How many parallel scan segments a whole-table maintenance operation may take: the operations' bound
 * (shared/operations/segments.ts) and the `?segments=` query's (shared/schemas/operation.ts) are this one.
 */
export const MAX_SEGMENTS = 1_000;
