/**
 * `npm run invoke -- <operation> <event file>`: runs one function once, with a sample API Gateway
 * event (or, for an event function such as `document.fileStored`, a sample S3 notification),
 * against the emulators of the running `npm start`, and prints the response.
 */
import { existsSync, readFileSync } from 'node:fs';
import { eventFunctions, routes } from '../../shared/routes';
import { commandLine } from '../cli';
import { applyFunctionEnvironment } from './environment';
import { runtimeFile, type RuntimeInfo } from './paths';

const names = [...new Set([...routes.map((r) => r.operation), ...eventFunctions.map((f) => f.name)])];
const usage =
  `usage: npm run invoke -- <operation> <event file>\n  runs one function once with a sample event ` +
  `(events/) against the running npm start\noperations: ${names.join(', ')}\n`;
const { positionals } = commandLine(usage, {}, { allowPositionals: true });
const [operation, eventFile] = positionals;
const route = routes.find((r) => r.operation === operation);
const eventFunction = eventFunctions.find((f) => f.name === operation);
if ((!route && !eventFunction) || !eventFile) {
  const problem =
    operation === undefined
      ? 'no operation given'
      : !route && !eventFunction
        ? `unknown operation '${operation}'`
        : 'no event file given';
  process.stderr.write(`${problem}\n${usage}`);
  process.exit(2);
}
if (!existsSync(runtimeFile())) {
  process.stderr.write(
    'The local API is not running: start it with `npm start` (in another terminal), then invoke again.\n',
  );
  process.exit(1);
}
const info = JSON.parse(readFileSync(runtimeFile(), 'utf8')) as RuntimeInfo;
applyFunctionEnvironment(info);
process.env.LOG_LEVEL ??= 'WARN';
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const { invokeRoute, lambdaContext, loadHandler } = await import('./lambda');
if (!route) {
  const handler = await loadHandler<unknown, unknown>(eventFunction!.entry);
  const output = await handler(event, lambdaContext(eventFunction!.name));
  process.stdout.write(`${JSON.stringify({ result: output ?? null }, null, 2)}\n`);
  process.exit(0);
}
// A route with several paths (page and page/{page}) is told apart by the event's routeKey.
const chosen = routes.find((r) => r.operation === operation && `${r.method} ${r.path}` === event.routeKey) ?? route;
const result = await invokeRoute(chosen, event);
let body: unknown = result.body;
try {
  body = JSON.parse(String(result.body));
} catch {
  // not JSON: print as it is
}
process.stdout.write(`${JSON.stringify({ statusCode: result.statusCode, headers: result.headers, body }, null, 2)}\n`);
