/**
 * The local runtime's enforcing mode (`npm start -- --enforce-iam`): a proxy in front of DynamoDB Local and one in
 * front of s3rver that do what IAM does on AWS for a tenant session. A request signed with credentials the local STS
 * gave out (infra/local/sts.ts) is evaluated against the tenant role of the function that asked for them, with the
 * session's tags (infra/local/iam-policies.ts); one the policy does not allow is answered AccessDenied, as AWS would
 * answer it, and never reaches the emulator: nothing is read or written. Whatever else comes (the functions' own
 * credentials, the tests' and tools') passes through unchanged, and so does everything in the default mode, where no
 * proxy runs. Whoever calls (a function of the runtime, a handler built in a test) meets the same wall.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { type IamAsk, iamRequestsOf } from './iam-requests';
import { type LocalSession, sessionOfKey } from './sts';

/** Why a session's request is refused, or undefined when the policy allows every IAM request it makes. */
type Decide = (session: LocalSession, requests: IamAsk[]) => Promise<string | undefined>;

const readBody = (req: http.IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The access key id a request is signed with: its Authorization header, a presigned URL's or a POST form's. */
function accessKeyOf(req: http.IncomingMessage, url: URL, body: Buffer): string | undefined {
  const header = /Credential=([A-Z0-9]+)\//.exec(req.headers.authorization ?? '')?.[1];
  if (header) return header;
  const query = url.searchParams.get('X-Amz-Credential')?.split('/')[0];
  if (query) return query;
  // Only an upload form carries its credential in the body.
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return undefined;
  return /name="X-Amz-Credential"\r\n\r\n([A-Z0-9]+)\//i.exec(body.toString('latin1'))?.[1];
}

/** A form field of a multipart POST (an S3 upload form's `key`). */
const formField = (body: Buffer, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body.toString('utf8'))?.[1];

/** What an S3 request over the wire (path style, as the local clients send it) asks, as the SDK command it is. */
function s3CallAsks(method: string, url: URL, headers: http.IncomingHttpHeaders, body: Buffer): IamAsk[] {
  const [bucket = '', ...rest] = url.pathname.replace(/^\//, '').split('/');
  const key = decodeURIComponent(rest.join('/'));
  const versionId = url.searchParams.get('versionId') ?? undefined;
  const on = (command: string, input: Record<string, unknown> = {}) =>
    iamRequestsOf('s3', command, { Bucket: bucket, ...(key ? { Key: key } : {}), ...input });
  if (!key) {
    if (method === 'POST' && url.searchParams.has('delete'))
      return iamRequestsOf('s3', 'DeleteObjects', {
        Bucket: bucket,
        Delete: { Objects: [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => ({ Key: m[1] })) },
      });
    if (method === 'POST') return iamRequestsOf('s3', 'PutObject', { Bucket: bucket, Key: formField(body, 'key') });
    return method === 'GET' ? on('ListObjectsV2', { Prefix: url.searchParams.get('prefix') ?? '' }) : on('HeadBucket');
  }
  switch (method) {
    case 'GET':
      return on('GetObject', { VersionId: versionId });
    case 'HEAD':
      return on('HeadObject', { VersionId: versionId });
    case 'DELETE':
      return on('DeleteObject', { VersionId: versionId });
    case 'PUT':
      return headers['x-amz-copy-source']
        ? on('CopyObject', { CopySource: headers['x-amz-copy-source'] })
        : on('PutObject', { ObjectLockMode: headers['x-amz-object-lock-mode'] });
    default:
      return on(method);
  }
}

/** What a DynamoDB request over the wire (AWS JSON 1.0) asks. */
const dynamodbCallAsks = (headers: http.IncomingHttpHeaders, body: Buffer): IamAsk[] =>
  iamRequestsOf(
    'dynamodb',
    String(headers['x-amz-target'] ?? '').split('.')[1] ?? '',
    JSON.parse(body.toString() || '{}'),
  );

function refuse(res: http.ServerResponse, service: 'dynamodb' | 's3', message: string): void {
  if (service === 'dynamodb') {
    res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() });
    res.end(JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', Message: message }));
    return;
  }
  const escaped = message.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);
  res.writeHead(403, { 'content-type': 'application/xml', 'x-amz-request-id': randomUUID() });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${escaped}</Message>` +
      `<RequestId>${randomUUID()}</RequestId></Error>`,
  );
}

/** A proxy to `target` (an emulator's address) that refuses what `decide` refuses of a tenant session's requests. */
export function enforcingProxy(service: 'dynamodb' | 's3', target: string, decide: Decide): http.Server {
  const upstream = new URL(target);
  return http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://local');
      const session = sessionOfKey(accessKeyOf(req, url, body));
      if (session) {
        const requests =
          service === 'dynamodb'
            ? dynamodbCallAsks(req.headers, body)
            : s3CallAsks(req.method ?? 'GET', url, req.headers, body);
        const refused = await decide(session, requests);
        if (refused) return refuse(res, service, refused);
      }
      const forwarded = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      forwarded.end(body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
}
