/** Helpers for tests that talk to the running local runtime over its real protocols. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { inject } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { issuerKeys, mintToken, type TokenOptions } from '../../infra/local/identity';
import { checkAnswer } from './contract';
import type { Notification } from '../../shared/i18n/translate';

export const runtime = () => inject('runtime');

/** A token of the runtime's dev issuer. */
export function token(options: TokenOptions = {}): string {
  return mintToken(options, issuerKeys(path.join(inject('localDir'), 'issuer')));
}

/** A fresh tenant (client, facility) with a token for it, so test files never share data. */
export function newTenant(options: Omit<TokenOptions, 'clients' | 'facilities'> = {}) {
  const client = randomUUID();
  const facility = randomUUID();
  return { client, facility, token: token({ clients: [client], facilities: [facility], ...options }) };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** What Prism answers itself (a problem of the request or of the service's answer, or a path it does not know). */
const PRISM_ANSWER = /^application\/problem\+json/;

export async function call<T = any>(
  method: string,
  pathname: string,
  options: {
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    /**
     * Another address to send it to: Stoplight Prism in front of the runtime (test/support/prism.ts). Its answer is
     * checked against the document only when it passed the request on: one of Prism's own is the caller's to read.
     */
    viaPrism?: string;
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${options.viaPrism ?? runtime().apiUrl}${pathname}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const fromPrism = options.viaPrism !== undefined && PRISM_ANSWER.test(response.headers.get('content-type') ?? '');
  const { text, parsed } = await readAnswer(method, pathname, response, !fromPrism);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** An answer's text and JSON (undefined if it is none), checked against the document unless `check` is false. */
async function readAnswer(method: string, pathname: string, response: Response, check = true) {
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  // Every answer must be one the OpenAPI document describes (test/support/contract.ts).
  if (check)
    checkAnswer(
      { method, pathname },
      { status: response.status, contentType: response.headers.get('content-type'), body: parsed, text },
      inject('localDir'),
    );
  return { text, parsed };
}

/** A fetch whose every answer is checked against the document as call()'s are (for the typed client). */
export async function checkedFetch(request: Request): Promise<Response> {
  const response = await fetch(request);
  await readAnswer(request.method, new URL(request.url).pathname, response.clone());
  return response;
}

export const containerPath = (t: { client: string; facility: string }, uuid?: string) =>
  `/waste-management/api/v1/${t.client}/${t.facility}/container${uuid ? `/${uuid}` : ''}`;

/** A document client on the runtime's DynamoDB Local, for integration tests and checks behind the API. */
export function documentClient(): DynamoDBDocumentClient {
  const { dynamodbEndpoint, region } = runtime();
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: dynamodbEndpoint, region, credentials: LOCAL_CREDENTIALS }),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  );
}

/** An S3 client on the runtime's s3rver (its buckets: `runtime().bucketName`, `runtime().recordsBucketName`). */
export function s3Client(): S3Client {
  const { s3Endpoint, region } = runtime();
  return new S3Client({
    endpoint: s3Endpoint,
    region,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The error notification of a failed call (asserting the envelope shape on the way). */
export function errorOf(response: ApiResponse) {
  const notifications = response.body?.Notifications;
  if (!Array.isArray(notifications) || notifications.length !== 1) {
    throw new Error(`expected one notification, got ${response.status} ${response.text}`);
  }
  return notifications[0] as Notification;
}

export const documentsPath = (t: { client: string; facility: string }, suffix = '') =>
  `/document/api/v1/${t.client}/${t.facility}/documents${suffix}`;

/** Creates a document over the API and returns the response body (DocumentModel, Upload). */
export async function createDocument(
  t: { client: string; facility: string; token: string },
  body: Record<string, unknown>,
) {
  const response = await call('POST', documentsPath(t), { token: t.token, body });
  if (response.status !== 200) throw new Error(`create document: ${response.status} ${response.text}`);
  return response.body as {
    DocumentModel: Record<string, any>;
    Upload: { Url: string; Method: string; Fields: Record<string, string>; ExpiresAt: string };
  };
}

/** Uploads bytes with a presigned POST form, as a browser would. */
export async function upload(
  form: { Url: string; Fields: Record<string, string> },
  bytes: Uint8Array,
  filename = 'file',
): Promise<number> {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.Fields)) data.append(name, value);
  data.append('file', new Blob([bytes]), filename);
  const response = await fetch(form.Url, { method: 'POST', body: data });
  await response.arrayBuffer();
  return response.status;
}

/** Polls until `check` returns a value (the S3 event is delivered asynchronously). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The TotalCount a listing settles on: counts follow the writes through the table's change stream,
 * exact at most 5 s after the last write. For a paginated listing, ask a page past the end (page 1
 * also counts records just written that the stream has not counted yet). Polls until it equals
 * `expected` or the time is up, and answers the last count seen (so an assertion on it fails when it
 * never got there).
 */
export async function settledTotal(path: string, bearer: string, expected: number, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const total = (await call('GET', path, { token: bearer })).body?.CollectionConfiguration?.TotalCount as number;
    if (total === expected || Date.now() > deadline) return total;
    await new Promise((r) => setTimeout(r, 50));
  }
}
