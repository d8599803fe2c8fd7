/**
 * shared/data/chain-store.ts's repair over the release register on DynamoDB Local: what rebuildReleaseRegister writes
 * to the table. A missing line is put back and an existing item never overwritten; the years with lines are found in
 * key order; the head moves only from the value read.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoChainRepair } from '../../shared/data/chain-store';
import { releaseEntryItem, STORED_REGISTER } from '../../shared/data/releases';
import { keys } from '../../shared/data/table';
import type { RegisterLine } from '../../shared/domain/release-register';
import { documentClient, runtime } from '../support/api';
import { registerLine as line } from '../support/register-lines';

const db = documentClient();
const repair = () => dynamoChainRepair(db, runtime().tableName, STORED_REGISTER);
const newTenant = () => ({ client: randomUUID(), facility: randomUUID() });

const stored = async (tenant: { client: string; facility: string }, l: RegisterLine) =>
  (
    await db.send(
      new GetCommand({
        TableName: runtime().tableName,
        Key: { PK: keys.tenant(tenant), SK: keys.releaseEntry(l.ReleasedAt, l.ContainerUuid) },
        ConsistentRead: true,
      }),
    )
  ).Item;

describe('dynamoChainRepair over the release register', () => {
  it('puts back a missing line once; an item under its key is never overwritten', async () => {
    const tenant = newTenant();
    const original = line('2026-03-01 10:00:00', null, 'a');
    expect(await repair().restore(tenant, original)).toBe(true);
    expect(await stored(tenant, original)).toMatchObject({ LineSha256: original.LineSha256, Name: original.Name });
    const changed = { ...original, Name: 'A changed name', LineSha256: 'b'.repeat(64) };
    expect(await repair().restore(tenant, changed)).toBe(false);
    expect(await stored(tenant, original)).toMatchObject({ LineSha256: original.LineSha256, Name: original.Name });
  });

  it('finds the next year with lines and the lines from a second on, with their links only', async () => {
    const tenant = newTenant();
    const first = line('2024-05-01 10:00:00', null, 'c');
    const second = line('2026-02-01 10:00:00', first.LineSha256, 'd');
    for (const l of [first, second])
      await db.send(new PutCommand({ TableName: runtime().tableName, Item: releaseEntryItem(tenant, l) }));
    expect(await repair().nextYear(tenant, 2023)).toBe(2024);
    expect(await repair().nextYear(tenant, 2024)).toBe(2026);
    expect(await repair().nextYear(tenant, 2026)).toBeUndefined();
    expect(await repair().linksFrom(tenant, '2026-01-01 00:00:00')).toEqual([
      {
        LineSha256: second.LineSha256,
        PreviousSha256: first.LineSha256,
        ReleasedAt: second.ReleasedAt,
        ContainerUuid: second.ContainerUuid,
      },
    ]);
  });

  it('moves the head only from the line it names (or where there is none): a head moved meanwhile stays', async () => {
    const tenant = newTenant();
    const first = line('2026-04-01 10:00:00', null, 'e');
    const second = line('2026-04-02 10:00:00', first.LineSha256, 'f');
    const end = (l: RegisterLine) => ({
      LineSha256: l.LineSha256,
      ReleasedAt: l.ReleasedAt,
      ContainerUuid: l.ContainerUuid,
    });
    expect(await repair().head(tenant)).toBeUndefined();
    expect(await repair().moveHead(tenant, 'x'.repeat(64), end(first))).toBe(true);
    expect(await repair().head(tenant)).toEqual(end(first));
    expect(await repair().moveHead(tenant, 'x'.repeat(64), end(second))).toBe(false);
    expect(await repair().moveHead(tenant, first.LineSha256, end(second))).toBe(true);
    expect(await repair().head(tenant)).toEqual(end(second));
  });
});
