/**
 * The query parameters of the release routes: the assessment's release type and the register's year. Apart from the
 * release's bodies and models (./release.ts), so the functions that read a query only do not build those schemas at
 * every cold start.
 */
import * as v from 'valibot';
import { RELEASE_TYPES } from '../domain/release-types';
import { oneOf } from './fields';

/** `?releaseType=`: the type whose values an assessment uses (default UNRESTRICTED). */
export const releaseTypeQuery = oneOf(RELEASE_TYPES);

/** `?year=YYYY`: the year of the register, 0001 to 9999. */
export const yearQuery = v.pipe(
  v.string('detail.year'),
  v.regex(/^(?!0000)\d{4}$/, 'detail.year'),
  v.transform(Number),
);
