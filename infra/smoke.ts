/**
 * `npm run --silent smoke -- --url <ApiUrl> --token <jwt>`: a read/write walkthrough against any
 * deployed stage (or the local runtime), in the facility of the token's first client and facility
 * (give it a token for a facility of its own: the walkthrough writes there). One line per step on
 * stdout; the first failure ends the walk (exit 1), then it cleans up what it made: the OPEN
 * container is deleted, the document (documents have no delete) archived. Nothing but the API and
 * the presigned upload form is used: no AWS credentials, no SDK.
 */
import { randomUUID } from 'node:crypto';
import { commandLine } from './cli';

const usage = `usage: npm run --silent smoke -- --url <ApiUrl> --token <jwt> [--client <uuid>] [--facility <uuid>]
         [--wait <seconds>]
  walks the API of a deployed stage (or npm start's) with the token (it needs role rpo or reporter for the release
  register's verification of the current year): the contract, a container
  (create, load, update, contents, delete) and a document (create, upload its file through the
  presigned form, see the file's information arrive, archive it), one line per step.
  --client/--facility: the tenant to write in (default: the token's first client and facility);
  --wait: how long to wait for the uploaded file's information (default 30 s).
  Exits 0 when every step passed, 1 at the first failure (after cleaning up), 2 on wrong usage.
`;

class StepFailure extends Error {}

interface Options {
  url: string;
  token: string;
  client: string;
  facility: string;
  waitSeconds: number;
}

function parse(argv: string[]): Options {
  const { values } = commandLine(
    usage,
    {
      url: { type: 'string' },
      token: { type: 'string' },
      client: { type: 'string' },
      facility: { type: 'string' },
      wait: { type: 'string' },
    },
    { args: argv },
  );
  if (!values.url || !URL.canParse(values.url))
    throw new Error('--url <ApiUrl> is required (the stack output ApiUrl, or http://127.0.0.1:3000)');
  if (!values.token) throw new Error('--token <jwt> is required');
  const claims = claimsOf(values.token);
  const client = values.client ?? claims.clients?.[0];
  const facility = values.facility ?? claims.facilities?.[0];
  if (!client || !facility) throw new Error('the token names no client or facility: give --client and --facility');
  const waitSeconds = values.wait === undefined ? 30 : Number(values.wait);
  if (!Number.isFinite(waitSeconds) || waitSeconds < 0) throw new Error('--wait takes a number of seconds');
  return { url: values.url.replace(/\/+$/, ''), token: values.token, client, facility, waitSeconds };
}

/** The token's claims, read without verifying it (the API verifies it). */
function claimsOf(token: string): { clients?: string[]; facilities?: string[] } {
  const payload = token.split('.')[1];
  try {
    if (!payload) throw new Error();
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      clients?: string[];
      facilities?: string[];
    };
  } catch {
    throw new Error('--token is not a JWT (header.payload.signature)');
  }
}

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the deployed API's answer, checked member by member by each step
  body: any;
  text: string;
}

/** A step: one line `ok <n> <what> (<detail>, <ms> ms)` or `FAIL <n> <what>: <why>`. */
function walker() {
  let n = 0;
  return async function step<T>(what: string, run: () => Promise<{ value: T; detail: string }>): Promise<T> {
    n += 1;
    const started = performance.now();
    try {
      const { value, detail } = await run();
      process.stdout.write(`ok   ${n} ${what} (${detail}, ${Math.round(performance.now() - started)} ms)\n`);
      return value;
    } catch (error) {
      process.stdout.write(`FAIL ${n} ${what}: ${(error as Error).message}\n`);
      throw new StepFailure((error as Error).message);
    }
  };
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { url, token, client, facility } = options;
  const run = randomUUID().slice(0, 8);

  async function request(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.auth !== false) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body, text };
  }
  const expect = (answer: Answer, status: number, what: string) => {
    if (answer.status !== status)
      throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer;
  };

  const containers = `/waste-management/api/v1/${client}/${facility}/container`;
  const documents = `/document/api/v1/${client}/${facility}/documents`;
  const made: { container?: string; document?: string } = {};
  const step = walker();
  process.stdout.write(`smoke ${url} as client ${client}, facility ${facility} (run ${run})\n`);

  try {
    await step('GET /openapi.json', async () => {
      const answer = expect(await request('GET', '/openapi.json', { auth: false }), 200, 'the contract');
      return { value: undefined, detail: `${Object.keys(answer.body?.paths ?? {}).length} paths` };
    });
    await step('GET container defaults (public)', async () => {
      const answer = expect(await request('GET', containers, { auth: false }), 200, 'loadDefault');
      return { value: undefined, detail: `State ${answer.body?.ContainerModel?.State}` };
    });
    made.container = await step('POST container', async () => {
      const answer = expect(
        await request('POST', containers, {
          headers: { 'idempotency-key': `smoke-${run}-container` },
          body: {
            Name: `smoke ${run}`,
            Weight: 1000,
            MeasurementActivity: 1000,
            MeasurementDate: '2026-01-15 08:00:00',
          },
        }),
        200,
        'create',
      );
      const uuid = answer.body?.ContainerModel?.Uuid as string | undefined;
      if (!uuid) throw new Error(`no ContainerModel.Uuid in ${answer.text.slice(0, 300)}`);
      return { value: uuid, detail: uuid };
    });
    const etag = await step('GET container', async () => {
      const answer = expect(await request('GET', `${containers}/${made.container}`), 200, 'load');
      const tag = answer.headers.get('etag');
      if (!tag) throw new Error('no ETag');
      return { value: tag, detail: `ETag ${tag}` };
    });
    await step('PUT container (If-Match)', async () => {
      const answer = expect(
        await request('PUT', `${containers}/${made.container}`, {
          headers: { 'if-match': etag },
          body: { Name: `smoke ${run} updated`, Weight: 1200 },
        }),
        200,
        'update',
      );
      return { value: undefined, detail: `ETag ${answer.headers.get('etag') ?? '?'}` };
    });
    await step(`GET release-register/verify (${new Date().getUTCFullYear()}, role rpo or reporter)`, async () => {
      const year = new Date().getUTCFullYear();
      const answer = await request(
        'GET',
        `/waste-management/api/v1/${client}/${facility}/release-register/verify?year=${year}`,
      );
      if (answer.status === 403) throw new Error('verify: the token holds neither role rpo nor reporter');
      expect(answer, 200, 'verify');
      const v = answer.body?.ReleaseRegisterVerificationModel as { Valid?: boolean; Lines?: number; Objects?: number };
      if (v?.Valid !== true) throw new Error(`the register of ${year} does not verify: ${answer.text.slice(0, 300)}`);
      return { value: undefined, detail: `valid, ${v.Lines} lines, ${v.Objects} locked objects` };
    });
    await step('GET container contents', async () => {
      const answer = expect(await request('GET', `${containers}/${made.container}/contents`), 200, 'contents');
      return { value: undefined, detail: `${answer.body?.CollectionConfiguration?.TotalCount ?? 0} contents` };
    });
    const upload = await step('POST document', async () => {
      const answer = expect(
        await request('POST', documents, {
          headers: { 'idempotency-key': `smoke-${run}-document` },
          body: { Scope: 'DOCUMENT_FOLDER', ScopeReference: randomUUID(), Filename: `smoke-${run}.pdf` },
        }),
        200,
        'create',
      );
      const uuid = answer.body?.DocumentModel?.Uuid as string | undefined;
      const form = answer.body?.Upload as { Url: string; Fields: Record<string, string> } | undefined;
      if (!uuid || !form?.Url) throw new Error(`no DocumentModel.Uuid or Upload form in ${answer.text.slice(0, 300)}`);
      made.document = uuid;
      return { value: form, detail: uuid };
    });
    await step('upload the file (presigned POST form)', async () => {
      const data = new FormData();
      for (const [name, value] of Object.entries(upload.Fields)) data.append(name, value);
      const bytes = new TextEncoder().encode(`%PDF-1.4\n% nm-archive smoke ${run}\n%%EOF\n`);
      data.append(
        'file',
        new Blob([bytes], { type: upload.Fields['Content-Type'] ?? 'application/pdf' }),
        `smoke-${run}.pdf`,
      );
      const response = await fetch(upload.Url, { method: 'POST', body: data, signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      if (response.status < 200 || response.status > 299)
        throw new Error(`upload: ${response.status} ${text.slice(0, 300)}`);
      return { value: undefined, detail: `${response.status}, ${bytes.length} bytes` };
    });
    await step('file information arrives (S3 event)', async () => {
      const deadline = Date.now() + options.waitSeconds * 1000;
      for (;;) {
        const answer = expect(await request('GET', `${documents}/page/1?State=ACTIVE`), 200, 'page');
        const items = Object.values(answer.body ?? {}).find(Array.isArray) as
          | { Uuid?: string; FileInfo?: { Filesize?: number } | null }[]
          | undefined;
        const info = items?.find((d) => d.Uuid === made.document)?.FileInfo;
        if (info) return { value: undefined, detail: `Filesize ${info.Filesize}` };
        if (Date.now() > deadline)
          throw new Error(`no FileInfo on document ${made.document} after ${options.waitSeconds} s`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    });
  } catch (error) {
    if (!(error instanceof StepFailure)) process.stdout.write(`FAIL ${(error as Error).message}\n`);
    await cleanUp(true);
    return 1;
  }
  return (await cleanUp(false)) ? 0 : 1;

  /** Archives the document and deletes the container it made; answers whether that worked. */
  async function cleanUp(afterFailure: boolean): Promise<boolean> {
    let clean = true;
    const attempt = async (what: string, run: () => Promise<{ value: undefined; detail: string }>) => {
      try {
        await step(what, run);
      } catch {
        clean = false;
      }
    };
    if (made.document) {
      await attempt('PUT document State ARCHIVED (clean-up: documents have no delete)', async () => {
        const answer = expect(
          await request('PUT', `${documents}/${made.document}`, { body: { State: 'ARCHIVED' } }),
          200,
          'archive',
        );
        return { value: undefined, detail: `State ${answer.body?.DocumentModel?.State}` };
      });
    }
    if (made.container) {
      await attempt('DELETE container (clean-up)', async () => {
        expect(await request('DELETE', `${containers}/${made.container}`), 200, 'delete');
        return { value: undefined, detail: 'deleted' };
      });
      if (!afterFailure) {
        await attempt('GET container after delete', async () => {
          expect(await request('GET', `${containers}/${made.container}`), 404, 'load after delete');
          return { value: undefined, detail: '404' };
        });
      }
    }
    process.stdout.write(afterFailure ? 'smoke failed\n' : clean ? 'smoke passed\n' : 'smoke failed in clean-up\n');
    return clean;
  }
}

process.exitCode = await main();
