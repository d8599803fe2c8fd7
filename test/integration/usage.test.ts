/**
 * shared/operations/usage.ts on DynamoDB Local: what a step's requests read and wrote, items and capacity units, as
 * DynamoDB reports them, and nothing outside a measured step.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { batchPut } from '../../shared/data/batch';
import { addConsumed, measured, meterUsage, NOTHING } from '../../shared/operations/usage';
import { documentClient, runtime } from '../support/api';

const table = () => runtime().tableName;

describe('the usage of a step', () => {
  it('counts the items read and written and the capacity units DynamoDB reports for them', async () => {
    const db = meterUsage(documentClient());
    const PK = `TEST#${randomUUID()}`;
    const { consumed } = await measured(async () => {
      await batchPut(
        db,
        table(),
        Array.from({ length: 30 }, (_, i) => ({ PK, SK: `ITEM#${i}` })),
      );
      await db.send(new PutCommand({ TableName: table(), Item: { PK, SK: 'ONE' } }));
      await db.send(new GetCommand({ TableName: table(), Key: { PK, SK: 'ONE' }, ConsistentRead: true }));
      await db.send(new GetCommand({ TableName: table(), Key: { PK, SK: 'NONE' }, ConsistentRead: true }));
      await db.send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': PK },
          ConsistentRead: true,
        }),
      );
    });
    expect(consumed.written.items).toBe(31);
    expect(consumed.read.items).toBe(1 + 31);
    expect(consumed.written.capacityUnits).toBeGreaterThanOrEqual(31);
    expect(consumed.read.capacityUnits).toBeGreaterThan(0);
  });

  it('is nothing outside a measured step, and a client is metered once however often it is wrapped', async () => {
    const db = meterUsage(meterUsage(documentClient()));
    await db.send(new PutCommand({ TableName: table(), Item: { PK: `TEST#${randomUUID()}`, SK: 'X' } }));
    const { consumed } = await measured(() =>
      db.send(new PutCommand({ TableName: table(), Item: { PK: `TEST#${randomUUID()}`, SK: 'X' } })),
    );
    expect(consumed.written.items).toBe(1);
  });

  it('adds up over steps and segments, capacity units to a hundredth', () => {
    const part = { read: { items: 2, capacityUnits: 0.1 }, written: { items: 1, capacityUnits: 0.2 } };
    expect(addConsumed(part, undefined, part, NOTHING)).toEqual({
      read: { items: 4, capacityUnits: 0.2 },
      written: { items: 2, capacityUnits: 0.4 },
    });
  });
});
