/**
 * shared/data/sequence-writer.ts on DynamoDB Local: the one ordered writer turns the changes of counted items into
 * counters and page buckets, exactly once however often a batch is delivered again.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queryAll } from '../../shared/data/query';
import { type ChangeRecord, type Membership, NO_MEMBERSHIP, sequenceWriter } from '../../shared/data/sequence-writer';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;
const PREFIX = 'PAGES#T#';

/** A test item counts in its partition's counter and page buckets, under its key K. */
const membershipOf = (item: Record<string, unknown> | undefined): Membership =>
  item?.Type === 'Counted'
    ? {
        counters: [{ pk: String(item.PK), sk: 'COUNT#T' }],
        pages: [{ scope: { pk: String(item.PK), prefix: PREFIX }, key: String(item.K) }],
      }
    : NO_MEMBERSHIP;

describe('the sequence writer', () => {
  it('counts creations and removals once, even when a batch is delivered again, and ignores other items', async () => {
    const PK = `TEST#${randomUUID()}`;
    const item = (K: string) => ({ PK, SK: `ITEM#${K}`, Type: 'Counted', K });
    const writer = sequenceWriter(db, table(), membershipOf);
    const first: ChangeRecord[] = [
      { sequenceNumber: '100', after: item('a') },
      { sequenceNumber: '101', after: item('b') },
      { sequenceNumber: '102', after: item('c') },
      { sequenceNumber: '103', after: { PK, SK: 'OTHER', Type: 'Other' } },
    ];
    expect(await writer.apply(first)).toMatchObject({ counters: 1, pages: 3 });
    const second: ChangeRecord[] = [
      { sequenceNumber: '104', before: item('b') },
      { sequenceNumber: '105', before: item('c'), after: { ...item('c'), Name: 'renamed' } },
    ];
    await writer.apply(second);
    // At least once: both batches again change nothing.
    await writer.apply([...first, ...second]);
    const counter = await db.send(
      new GetCommand({ TableName: table(), Key: { PK, SK: 'COUNT#T' }, ConsistentRead: true }),
    );
    expect(counter.Item?.N).toBe(2);
    const buckets = await queryAll(db, table(), {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': PREFIX },
      ConsistentRead: true,
    });
    expect(buckets.reduce((sum, b) => sum + (b.N as number), 0)).toBe(2);
  });

  it('writes a scope many facilities share in few transactions, exactly once, when two writers race', async () => {
    const run = randomUUID();
    const shared = { pk: `SHARED#${run}`, prefix: PREFIX };
    const sharedOf = (item: Record<string, unknown> | undefined): Membership =>
      item?.Type === 'Shared' ? { counters: [], pages: [{ scope: shared, key: String(item.K) }] } : NO_MEMBERSHIP;
    // 40 facilities with one record each, one with 30 (more than one transaction holds), in stream order.
    const facilities = Array.from({ length: 41 }, (_, i) => `TEST#${run}#${i}`);
    let seq = 1000;
    const record = (PK: string, n: number): ChangeRecord => ({
      sequenceNumber: String(seq++),
      after: { PK, SK: `ITEM#${n}`, Type: 'Shared', K: `${PK}#${String(n).padStart(3, '0')}` },
    });
    const batch = [
      ...facilities.slice(0, 40).map((pk) => record(pk, 0)),
      ...Array.from({ length: 30 }, (_, n) => record(facilities[40]!, n)),
    ];
    // Two writers (two stream shards' invocations) apply halves side by side, then the whole batch is delivered again.
    await Promise.all([
      sequenceWriter(db, table(), sharedOf).apply(batch.slice(0, 35)),
      sequenceWriter(db, table(), sharedOf).apply(batch.slice(35)),
    ]);
    await sequenceWriter(db, table(), sharedOf).apply(batch);
    const buckets = await queryAll(db, table(), {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': shared.pk, ':prefix': PREFIX },
      ConsistentRead: true,
    });
    expect(buckets.reduce((sum, b) => sum + (b.N as number), 0)).toBe(70);
    const last = await db.send(
      new GetCommand({ TableName: table(), Key: { PK: facilities[40], SK: 'SEQ#PAGES' }, ConsistentRead: true }),
    );
    expect(last.Item?.Seq).toBe(batch.at(-1)!.sequenceNumber.padStart(40, '0'));
  });

  it('fails a batch whose writes fail as one failure, no rejection left unawaited (it stops the process)', async () => {
    const PK = `TEST#${randomUUID()}`;
    // Every call refused (not worth a retry): the counter's and the pages' parts both fail, at their own time.
    const refusing = {
      send: async () => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
        throw Object.assign(new Error('refused'), { name: 'ValidationException' });
      },
    } as unknown as typeof db;
    const batch: ChangeRecord[] = [{ sequenceNumber: '100', after: { PK, SK: 'ITEM#a', Type: 'Counted', K: 'a' } }];
    await expect(sequenceWriter(refusing, table(), membershipOf).apply(batch)).rejects.toThrow('refused');
    // A rejection nobody awaited would surface by now (vitest fails the run on it).
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
});
