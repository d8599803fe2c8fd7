/** The members the material book and its licence share: a known nuclide, an activity in Bq. */
import * as v from 'valibot';
import { KNOWN_NUCLIDES } from '../domain/nuclides';
import { oneOf } from './fields';

/** An activity the book takes: more than 0 and below 10^15 Bq (a facility's largest delivery is far below). */
export const MAX_ACTIVITY_BQ = 1e15;
export const activityBq = v.pipe(
  v.number('detail.type_number'),
  v.check((n: number) => Number.isFinite(n) && n > 0 && n < MAX_ACTIVITY_BQ, 'detail.activity_range'),
  v.description('Bq: more than 0, less than 10^15.'),
);

/** A nuclide the service knows (its half-life, its clearance levels). */
export const nuclide = oneOf(KNOWN_NUCLIDES as readonly string[]);
