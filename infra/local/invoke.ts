/**
 * `npm run invoke -- <operation> <event file>`: runs one function once, with a sample API Gateway
 * event (or, for an event function such as `document.fileStored`, a sample S3 notification),
 * against the emulators of the running `npm start`, and prints the response.
 */
import { existsSync, readFileSync } from 'node:fs';
import { commandLine } from '../cli';
import { applyFunctionEnvironment } from './environment';
import { invokableNames, invokeEvent } from './invoke-event';
import { runtimeFile, type RuntimeInfo } from './paths';

const names = invokableNames();
const usage =
  `usage: npm run invoke -- <operation> <event file>\n  runs one function once with a sample event ` +
  `(events/) against the running npm start\noperations: ${names.join(', ')}\n`;
const { positionals } = commandLine(usage, {}, { allowPositionals: true });
const [operation, eventFile] = positionals;
if (!operation || !names.includes(operation) || !eventFile) {
  const problem =
    operation === undefined
      ? 'no operation given'
      : !names.includes(operation)
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
const output = await invokeEvent(operation, JSON.parse(readFileSync(eventFile, 'utf8')));
process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
process.exit(0);
