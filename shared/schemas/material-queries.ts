/**
 * The query parameters of the material book's routes: the items' state, the stock's moment and the report's month.
 * Apart from the book's bodies and models (./material.ts), so the functions that read a query only do not build
 * those schemas at every cold start.
 */
import * as v from 'valibot';
import { MATERIAL_STATES } from '../domain/material';
import { oneOf, timestamp } from './fields';

/** `?State=`: only the items in this state. */
export const stateQuery = v.optional(v.pipe(oneOf(MATERIAL_STATES), v.description('Only the items in this state.')));

/** `?at=`: the stock at this moment (UTC); now by default. */
export const atQuery = v.optional(
  v.pipe(timestamp, v.description('The moment (UTC, `YYYY-MM-DD HH:MM:SS`); now by default.')),
);

/** `?month=YYYY-MM`: the report's calendar month, 0001-01 or later. */
export const monthQuery = v.pipe(
  v.string('detail.type_string'),
  v.regex(/^(\d{4})-(0[1-9]|1[0-2])$/, 'detail.month'),
  v.check((m: string) => m >= '0001-01', 'detail.month'),
  v.description('The calendar month, `YYYY-MM`, where the facility is.'),
);
