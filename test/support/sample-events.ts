/**
 * The sample events of events/ (for `npm run invoke`): one per route, found by its route key (`GET /openapi.json`),
 * and one per event function, named after its handler's file (`file-stored.json`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type EventFunction, type Route, routeKey } from '../../shared/routes';

export const EVENTS_DIR = path.resolve(import.meta.dirname, '../../events');

export interface SampleEvent {
  /** Relative to events/. */
  readonly file: string;
  readonly text: string;
  /** The route key an API Gateway event carries; none for an event function's sample. */
  readonly routeKey?: string;
}

export const sampleEvents: readonly SampleEvent[] = readdirSync(EVENTS_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const text = readFileSync(path.join(EVENTS_DIR, file), 'utf8');
    const key = (JSON.parse(text) as { routeKey?: unknown }).routeKey;
    return { file, text, ...(typeof key === 'string' ? { routeKey: key } : {}) };
  });

/** The samples of a route (exactly one when events/ is complete). */
export const samplesOfRoute = (route: Route): SampleEvent[] =>
  sampleEvents.filter((sample) => sample.routeKey === routeKey(route));

/** The samples of an event function (exactly one when events/ is complete). */
export const samplesOfEventFunction = (fn: EventFunction): SampleEvent[] =>
  sampleEvents.filter((sample) => path.basename(sample.file) === `${path.basename(fn.entry, '.ts')}.json`);
