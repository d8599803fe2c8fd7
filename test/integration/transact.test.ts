/**
 * shared/data/transact.ts on DynamoDB Local: a failed condition told apart from other failures, a new item written
 * once, a versioned write only over the version it read, and a race lost too often answered 409.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ConditionFailedError,
  conditional,
  newPut,
  optimistic,
  transactWrite,
  versionedPut,
} from '../../shared/data/transact';
import { rejection } from '../support/errors';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;
const item = (version: number) => ({ PK: `TEST#${randomUUID()}`, SK: 'ITEM', Version: version });
const stored = async ({ PK, SK }: { PK: string; SK: string }) =>
  (await db.send(new GetCommand({ TableName: table(), Key: { PK, SK }, ConsistentRead: true }))).Item;

describe('transactions', () => {
  it('write a new item once; a second new one under its key fails its condition and writes nothing', async () => {
    const first = item(1);
    const beside = { ...first, SK: 'BESIDE' };
    await transactWrite(db, [newPut(table(), first)]);
    const error = await transactWrite(db, [newPut(table(), beside), newPut(table(), { ...first, Version: 9 })]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConditionFailedError);
    expect((error as ConditionFailedError).reasons).toEqual(['None', 'ConditionalCheckFailed']);
    expect(await stored(beside)).toBeUndefined();
    expect((await stored(first))?.Version).toBe(1);
  });

  it('overwrite an item only over the version they read', async () => {
    const record = item(1);
    await transactWrite(db, [newPut(table(), record)]);
    await transactWrite(db, [versionedPut(table(), { ...record, Version: 2 }, 1)]);
    await expect(transactWrite(db, [versionedPut(table(), { ...record, Version: 3 }, 1)])).rejects.toBeInstanceOf(
      ConditionFailedError,
    );
    expect((await stored(record))?.Version).toBe(2);
  });

  it('leave a failure that is no failed condition as it is', async () => {
    const error = await transactWrite(db, [newPut(`no-such-table-${randomUUID()}`, item(1))]).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ConditionFailedError);
    expect((error as Error).name).toBe('ResourceNotFoundException');
  });
});

describe('a conditional write', () => {
  it('fails as ConditionFailedError when its condition does not hold', async () => {
    const record = item(1);
    const put = () =>
      db.send(new PutCommand({ TableName: table(), Item: record, ConditionExpression: 'attribute_not_exists(PK)' }));
    await conditional(put());
    await expect(conditional(put())).rejects.toBeInstanceOf(ConditionFailedError);
  });
});

describe('an optimistic read-modify-write', () => {
  it('reads and applies again after a lost race, and answers 409 when it keeps losing', async () => {
    const record = item(1);
    await transactWrite(db, [newPut(table(), record)]);
    let attempts = 0;
    await optimistic(async () => {
      attempts++;
      // The first attempt read version 1 but another writer wrote version 2 first.
      if (attempts === 1) await transactWrite(db, [versionedPut(table(), { ...record, Version: 2 }, 1)]);
      const read = (await stored(record))!.Version as number;
      await transactWrite(db, [versionedPut(table(), { ...record, Version: read + 1 }, attempts === 1 ? 1 : read)]);
    });
    expect(attempts).toBe(2);
    expect((await stored(record))?.Version).toBe(3);
    const lost = await rejection(
      optimistic(() => transactWrite(db, [versionedPut(table(), { ...record, Version: 9 }, 1)])),
    );
    expect([lost.statusCode, lost.notification.key]).toEqual([409, 'request.concurrent_update']);
  });
});
