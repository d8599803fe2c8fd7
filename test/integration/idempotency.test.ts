/**
 * shared/data/idempotency.ts on DynamoDB Local: a record is kept in its tenant's partition, holds its name while it
 * lives, and no longer once it expired, or once it is still in progress past its request's deadline (the conditions
 * of Powertools' own DynamoDB persistence).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoIdempotencyRecords, recordKey } from '../../shared/data/idempotency';
import { keys } from '../../shared/data/table';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const records = dynamoIdempotencyRecords(db, runtime().tableName);
const tenant = { client: randomUUID(), facility: randomUUID() };
const nameOf = () => `${keys.tenant(tenant)}|container.create#${randomUUID()}`;
const now = () => Math.floor(Date.now() / 1000);

describe('idempotency records', () => {
  it("are kept in the tenant's partition, under IDEMPOTENCY#", async () => {
    const name = nameOf();
    expect(await records.create(name, { Status: 'INPROGRESS', ExpiresAt: now() + 60 })).toEqual({ held: false });
    const { Item } = await db.send(new GetCommand({ TableName: runtime().tableName, Key: recordKey(name) }));
    expect(Item).toMatchObject({
      PK: keys.tenant(tenant),
      SK: `IDEMPOTENCY#${name.split('|')[1]}`,
      Status: 'INPROGRESS',
    });
  });

  it('hold their name while they live, and answer the holder', async () => {
    const name = nameOf();
    await records.create(name, {
      Status: 'INPROGRESS',
      ExpiresAt: now() + 60,
      InProgressExpiresAt: Date.now() + 60_000,
    });
    await records.update(name, { Status: 'COMPLETED', ExpiresAt: now() + 60, Response: { statusCode: 200 } });
    expect(await records.create(name, { Status: 'INPROGRESS', ExpiresAt: now() + 60 })).toEqual({
      held: true,
      holder: {
        Status: 'COMPLETED',
        ExpiresAt: expect.any(Number),
        InProgressExpiresAt: expect.any(Number),
        Response: { statusCode: 200 },
      },
    });
  });

  it('no longer once expired, or in progress past their deadline: the record taken over is answered', async () => {
    const expired = nameOf();
    await records.create(expired, { Status: 'COMPLETED', ExpiresAt: now() - 1 });
    expect(await records.create(expired, { Status: 'INPROGRESS', ExpiresAt: now() + 60 })).toEqual({
      held: false,
      replaced: { Status: 'COMPLETED', ExpiresAt: expect.any(Number) },
    });
    const abandoned = nameOf();
    const seed = { At: Date.now(), RequestId: 'first', Nonce: 'ab'.repeat(16) };
    await records.create(abandoned, {
      Status: 'INPROGRESS',
      ExpiresAt: now() + 60,
      InProgressExpiresAt: Date.now() - 1,
      Seed: seed,
    });
    expect(await records.create(abandoned, { Status: 'INPROGRESS', ExpiresAt: now() + 60 })).toMatchObject({
      held: false,
      replaced: { Status: 'INPROGRESS', Seed: seed },
    });
    expect((await records.get(abandoned))?.InProgressExpiresAt).toBeUndefined();
  });

  it('in progress, are handed over to the next attempt at once; a completed one is not', async () => {
    const name = nameOf();
    const attempt = () => records.create(name, { Status: 'INPROGRESS', ExpiresAt: now() + 60 });
    await records.create(name, { Status: 'INPROGRESS', ExpiresAt: now() + 60, InProgressExpiresAt: Date.now() + 9e4 });
    expect((await attempt()).held).toBe(true);
    await records.handOver(name);
    expect((await attempt()).held).toBe(false);
    await records.update(name, { Status: 'COMPLETED', Noted: { model: 1 } });
    await records.handOver(name);
    expect(await records.get(name)).toMatchObject({ Status: 'COMPLETED', Noted: { model: 1 } });
  });

  it('are gone once removed', async () => {
    const name = nameOf();
    await records.create(name, { Status: 'INPROGRESS', ExpiresAt: now() + 60 });
    await records.remove(name);
    expect(await records.get(name)).toBeUndefined();
  });
});
