/**
 * What the fault matrix's writes share (test/support/fault-writes.ts and its neighbours): a request of a write with its
 * Idempotency-Key, its answer, and the checks behind the API.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../shared/data/table';
import { type ApiResponse, call, documentClient, runtime, settledTotal } from './api';
import type { Answer, MatrixWrite, Tenant } from './fault-matrix';

export const answerOf = (r: ApiResponse): Answer => ({
  status: r.status,
  body: r.body,
  retryAfter: r.headers.get('retry-after'),
});

/**
 * A request of the write with its key. An attempt whose function is to crash runs with a short time (its key's record
 * is in progress until it is over), and its answer is the platform's (API Gateway's 500 for a function that died),
 * not one of the contract's: it is read as it comes.
 */
export async function request(
  method: string,
  path: string,
  bearer: string,
  body: unknown,
  { key, remainingMs }: { key: string; remainingMs?: number },
): Promise<Answer> {
  const headers = { 'idempotency-key': key };
  if (remainingMs === undefined) return answerOf(await call(method, path, { token: bearer, body, headers }));
  const response = await fetch(`${runtime().apiUrl}${path}`, {
    method,
    headers: {
      ...headers,
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      'x-local-remaining-ms': String(remainingMs),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    retryAfter: response.headers.get('retry-after'),
  };
}

/** The tenant's items under a sort-key prefix, read consistently behind the API. */
export async function itemsOf(t: Tenant, prefix: string, partition = keys.tenant(t)) {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: runtime().tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** `what` names `count` records, the one the last answer named among them; else what it found. */
export function exactly(what: string, found: Record<string, unknown>[], answered: unknown, count = 1): string[] {
  const ids = found.map((item) => item.Uuid);
  if (ids.length !== count) return [`${ids.length} ${what}`];
  return ids.includes(answered) ? [] : [`${what} answered ${String(answered)}, stored ${ids.join(',')}`];
}

/** The count a listing settles on within the stream's settle time, when it is not `expected`. */
export async function countHolds(what: string, path: string, bearer: string, expected: number): Promise<string[]> {
  const total = await settledTotal(path, bearer, expected);
  return total === expected ? [] : [`${what} count ${total}, not ${expected}`];
}

/**
 * A POST that creates one record (what most new writes are: the material book's receipt is one): after the retry,
 * exactly one record under `prefix`, the one the last answer's `model` names, and the listing's count (a page past the
 * end) exact within the stream's settle time.
 */
export function recordCreate(write: {
  name: string;
  operation: string;
  path: (t: Tenant) => string;
  body: object;
  model: string;
  prefix: string;
  listing?: (t: Tenant) => string;
  roles?: string[];
}): MatrixWrite {
  return {
    name: write.name,
    fn: `route:${write.operation}`,
    ...(write.roles ? { roles: write.roles } : {}),
    prepare: async () => ({}),
    attempt: (t, _c, o) => request('POST', write.path(t), t.token, write.body, o),
    async check(t, _c, answers) {
      return [
        ...exactly(write.name, await itemsOf(t, write.prefix), answers.at(-1)?.body?.[write.model]?.Uuid),
        ...(write.listing ? await countHolds(write.name, write.listing(t), t.token, 1) : []),
      ];
    },
  };
}
