/**
 * Stoplight Prism, an OpenAPI validator independent of this project, as a proxy in front of the local runtime: it
 * matches each request to an operation of the document in its own way and checks the request and the answer against
 * it. With `--errors` it answers anything that breaks the document with an error of its own
 * (`application/problem+json`) instead of passing it on.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from '../../infra/local/emulators';

const PRISM = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')),
  'dist/index.js',
);
const READY = /Prism is listening on (http:\/\/\S+)/;

/** Starts `prism proxy <document> <upstream> --errors`; resolves once it listens. */
export async function startPrism(document: string, upstream: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [PRISM, 'proxy', document, upstream, '--host', '127.0.0.1', '--port', String(port), '--errors'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SCARF_ANALYTICS: 'false' } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${output}`)), 60_000);
    const watch = (chunk: Buffer) => {
      output += chunk;
      const ready = READY.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      child.stdout.off('data', watch);
      resolve(ready[1]!);
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`Prism ended (${code}) before it listened:\n${output}`)));
  });
  // Its log is not needed once it listens (the answers carry what it found); keep the pipes flowing.
  child.stdout.resume();
  child.stderr.resume();
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
