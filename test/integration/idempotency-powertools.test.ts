/**
 * shared/http/idempotency-powertools.ts on DynamoDB Local: Powertools Idempotency over the records' store
 * (shared/data/idempotency.ts) in a Middy handler: a repeated key answers the first answer without running again, a
 * key reused with another body is refused, and a failed request leaves the key free for its retry.
 */
import middy from '@middy/core';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lambdaContext } from '../../infra/local/lambda';
import { dynamoIdempotencyRecords } from '../../shared/data/idempotency';
import { keys } from '../../shared/data/table';
import { powertoolsMiddleware } from '../../shared/http/idempotency-powertools';
import { documentClient, runtime } from '../support/api';

type Event = { key: string; body: string };

/** A handler counting its runs behind the middleware, its records in a tenant's partition. */
function handler(fail = () => false) {
  const tenant = { client: randomUUID(), facility: randomUUID() };
  let runs = 0;
  const fn = middy(async (event: Event) => {
    runs++;
    if (fail()) throw new Error('failed');
    return { statusCode: 201, body: `${event.body} #${runs}` };
  }).use(
    powertoolsMiddleware({
      operation: 'container.create',
      records: dynamoIdempotencyRecords(documentClient(), runtime().tableName),
      partitionOf: () => keys.tenant(tenant),
      eventKeyJmesPath: 'key',
      expiresAfterSeconds: 60,
    }),
  );
  return { call: (event: Event) => fn(event, lambdaContext('create')), runs: () => runs };
}

describe('Powertools Idempotency over the records store', () => {
  it('answers a repeated key with the first answer, running once; another key runs again', async () => {
    const { call, runs } = handler();
    const first = await call({ key: 'k1', body: 'Box' });
    expect(await call({ key: 'k1', body: 'Box' })).toEqual(first);
    expect(runs()).toBe(1);
    expect(await call({ key: 'k2', body: 'Box' })).toEqual({ statusCode: 201, body: 'Box #2' });
  });

  it('refuses a key reused with another body', async () => {
    const { call, runs } = handler();
    await call({ key: 'k1', body: 'Box' });
    await expect(call({ key: 'k1', body: 'Crate' })).rejects.toMatchObject({ name: 'IdempotencyValidationError' });
    expect(runs()).toBe(1);
  });

  it('frees the key of a failed request, so its retry runs', async () => {
    let failing = true;
    const { call, runs } = handler(() => failing);
    await expect(call({ key: 'k1', body: 'Box' })).rejects.toThrow('failed');
    failing = false;
    expect(await call({ key: 'k1', body: 'Box' })).toEqual({ statusCode: 201, body: 'Box #2' });
    expect(runs()).toBe(2);
  });
});
