/**
 * shared/data/persons.ts on DynamoDB Local: a writer is recorded in the client's person directory with the name of
 * their latest token (kept when a later token carries none), and names are resolved per client.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { personUpsert, resolveNames } from '../../shared/data/persons';
import { transactWrite } from '../../shared/data/transact';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;
const record = (client: string, sub: string, name: string | undefined) =>
  transactWrite(db, [personUpsert(table(), client, { sub, name }, '2026-11-20 08:00:00')]);

describe('the person directory', () => {
  it("keeps each writer's latest name per client; an unnamed token keeps it; the unknown stay unnamed", async () => {
    const [client, other] = [randomUUID(), randomUUID()];
    await record(client, 'ada', 'Ada Byron');
    await record(client, 'ada', 'Ada Lovelace');
    await record(client, 'ada', undefined);
    await record(client, 'anon', '');
    await record(other, 'grace', 'Grace Hopper');
    const names = await resolveNames(db, table(), client, ['ada', 'anon', 'grace', 'nobody'], true);
    expect(names).toEqual(new Map([['ada', 'Ada Lovelace']]));
    expect(await resolveNames(db, table(), other, ['grace', 'ada'], true)).toEqual(
      new Map([['grace', 'Grace Hopper']]),
    );
  });
});
