/**
 * shared/data/directory.ts on DynamoDB Local: the names of people and devices of a client, a whole page of them in
 * batched reads.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { batchPut } from '../../shared/data/batch';
import { lookupNames, nameKey, type NameRef } from '../../shared/data/directory';
import { keys } from '../../shared/data/table';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;

describe('the directory of names', () => {
  it('finds each person and device of the client that has a name, over more than one batch of keys', async () => {
    const client = randomUUID();
    const devices = Array.from({ length: 120 }, (_, i) => `dev-${i}`);
    await batchPut(db, table(), [
      { PK: keys.client(client), SK: keys.person('ada'), Name: 'Ada Lovelace' },
      { PK: keys.client(client), SK: keys.person('nameless') },
      ...devices.map((id) => ({ PK: keys.client(client), SK: keys.device(id), Name: `Counter ${id}` })),
    ]);
    const refs: NameRef[] = [
      { client, kind: 'PERSON', id: 'ada' },
      { client, kind: 'PERSON', id: 'nameless' },
      { client, kind: 'PERSON', id: 'dev-1' },
      { client: randomUUID(), kind: 'PERSON', id: 'ada' },
      ...devices.map((id) => ({ client, kind: 'DEVICE' as const, id })),
    ];
    const names = await lookupNames(db, table(), refs, true);
    expect(names.size).toBe(121);
    expect(names.get(nameKey({ client, kind: 'PERSON', id: 'ada' }))).toBe('Ada Lovelace');
    expect(names.get(nameKey({ client, kind: 'DEVICE', id: 'dev-119' }))).toBe('Counter dev-119');
    // A device is no person, and another client's Ada is not this one's.
    expect(names.has(nameKey({ client, kind: 'PERSON', id: 'dev-1' }))).toBe(false);
    expect(names.has(nameKey(refs[3]!))).toBe(false);
  });
});
