/**
 * Every answer the contract tests receive is checked against the OpenAPI document the code
 * generates (the one `npm run openapi` writes): its status must be documented for the operation,
 * its content type listed, its JSON body valid against the schema (no undocumented member, no
 * other type). Each check is recorded as operation × status, for the coverage line of the run.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../shared/openapi/document';
import { TRAILING_SLASH_OF } from '../../shared/openapi/operations';

type Json = Record<string, any>;

/** What API Gateway itself answers for any request (shared/openapi/document.ts says so in the document). */
const GATEWAY_STATUSES = new Set([400, 404, 413, 431]);
const GATEWAY_MESSAGES = new Set([
  'route.not_found',
  'request.malformed_path',
  'request.too_large',
  'request.headers_too_large',
]);

export const COVERAGE_FILE = 'api-coverage.jsonl';

interface Operation {
  id: string;
  /** The operation whose answers this one's count for (itself, or the one it is the trailing-slash form of). */
  coverageId: string;
  method: string;
  template: string;
  regex: RegExp;
  pointer: string;
  responses: Record<string, Json>;
}

let compiled: { ajv: Ajv2020; operations: Operation[]; document: Json } | undefined;

const escapePointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

function load() {
  if (compiled) return compiled;
  const document = openApiDocument() as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  ajv.addSchema({ $id: 'openapi', ...document });
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries<Json>(document.paths)) {
    const source = template
      .split('/')
      .map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    for (const [method, operation] of Object.entries<Json>(item)) {
      operations.push({
        id: operation.operationId,
        coverageId: operation[TRAILING_SLASH_OF] ?? operation.operationId,
        method: method.toUpperCase(),
        template,
        regex: new RegExp(`^${source}/?$`),
        pointer: `openapi#/paths/${escapePointer(template)}/${method}`,
        responses: operation.responses,
      });
    }
  }
  // A concrete path before a template (`/documents/latest` before `/documents/{uuid}`), as routers match.
  operations.sort(
    (a, b) =>
      b.template.split('/').filter((s) => !s.startsWith('{')).length -
      a.template.split('/').filter((s) => !s.startsWith('{')).length,
  );
  compiled = { ajv, operations, document };
  return compiled;
}

export const apiDocument = () => load().document;

/** The documented operation a request reaches (undefined: API Gateway answers it). */
export function operationOf(method: string, pathname: string): Operation | undefined {
  const rawPath = pathname.split('?')[0]!;
  return load().operations.find((o) => o.method === method.toUpperCase() && o.regex.test(rawPath));
}

function validate(ref: string, body: unknown): string[] {
  const { ajv } = load();
  const check = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  return check(body)
    ? []
    : (check.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/**
 * Throws when an answer breaks the document; records operation × status. `coverageDir` is where the
 * run keeps its records (the runtime's scratch folder).
 */
export function checkAnswer(
  request: { method: string; pathname: string },
  response: { status: number; contentType: string | null; body: unknown; text: string },
  coverageDir?: string,
): void {
  const method = request.method.toUpperCase();
  const where = `${method} ${request.pathname} answered ${response.status}`;
  if (method === 'OPTIONS' && response.status === 204) return; // a CORS preflight, answered by API Gateway
  const operation = operationOf(method, request.pathname);
  const documented = operation?.responses[String(response.status)];
  const fail = (problem: string): never => {
    throw new Error(`${where}: ${problem}\n${response.text.slice(0, 500)}`);
  };
  if (!documented) {
    // API Gateway's own answers (no route, broken path encoding, payload or headers too large).
    const message = (response.body as Json | undefined)?.Notifications?.[0]?.Message;
    if (!GATEWAY_STATUSES.has(response.status) || !GATEWAY_MESSAGES.has(message)) {
      fail(
        operation
          ? `status ${response.status} is not documented for ${operation.id}`
          : 'no documented operation and not an answer of the gateway',
      );
    }
    const errors = validate('openapi#/components/schemas/Notification', (response.body as Json).Notifications[0]);
    if (errors.length || (response.body as Json).Notifications.length !== 1)
      fail(`gateway answer breaks the Notifications envelope: ${errors.join('; ')}`);
    return;
  }
  const media = (response.contentType ?? '').split(';')[0]!.trim();
  const content = documented.content as Json | undefined;
  if (!content?.[media])
    fail(`content type ${media || '(none)'} is not documented (${Object.keys(content ?? {}).join(', ')})`);
  if (media === 'application/json' && content![media].schema) {
    const errors = validate(
      `${operation!.pointer}/responses/${response.status}/content/${escapePointer(media)}/schema`,
      response.body,
    );
    if (errors.length) fail(`body breaks the documented schema of ${operation!.id}: ${errors.join('; ')}`);
  }
  if (coverageDir) {
    appendFileSync(
      path.join(coverageDir, COVERAGE_FILE),
      `${JSON.stringify({ operation: operation!.coverageId, status: response.status })}\n`,
    );
  }
}

/** Every documented operation × status, as `operationId status`. */
export function documentedAnswers(document: Json = apiDocument()): string[] {
  return Object.values<Json>(document.paths).flatMap((item) =>
    Object.values<Json>(item)
      .filter((operation) => !operation[TRAILING_SLASH_OF])
      .flatMap((operation) => Object.keys(operation.responses).map((status) => `${operation.operationId} ${status}`)),
  );
}
