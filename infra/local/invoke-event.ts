/**
 * One function run once with an event, in this process, against the emulators the environment names
 * (applyFunctionEnvironment): what `npm run invoke` prints, and what the sample events' test checks.
 */
import { eventFunctions, routes } from '../../shared/routes';

/** A route's answer (its body parsed when it is JSON), or an event function's result. */
export type InvokeOutput = { statusCode: number | undefined; headers: unknown; body: unknown } | { result: unknown };

/** The operations `invokeEvent` knows: every route's and every event function's name. */
export const invokableNames = (): string[] => [
  ...new Set([...routes.map((r) => r.operation), ...eventFunctions.map((f) => f.name)]),
];

export async function invokeEvent(operation: string, event: { routeKey?: string }): Promise<InvokeOutput> {
  const { invokeRoute, lambdaContext, loadHandler } = await import('./lambda');
  const eventFunction = eventFunctions.find((f) => f.name === operation);
  if (eventFunction) {
    const handler = await loadHandler<unknown, unknown>(eventFunction.entry);
    return { result: (await handler(event, lambdaContext(eventFunction.name))) ?? null };
  }
  // A route with several paths (page and page/{page}) is told apart by the event's routeKey.
  const chosen =
    routes.find((r) => r.operation === operation && `${r.method} ${r.path}` === event.routeKey) ??
    routes.find((r) => r.operation === operation);
  if (!chosen) throw new Error(`unknown operation '${operation}'`);
  const result = await invokeRoute(chosen, event as never);
  let body: unknown = result.body;
  try {
    body = JSON.parse(String(result.body));
  } catch {
    // not JSON: kept as it is
  }
  return { statusCode: result.statusCode, headers: result.headers, body };
}
