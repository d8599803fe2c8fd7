/**
 * shared/operations/client-items.ts on DynamoDB Local: every item of one client (its directory, then each facility
 * the facility index names), none of its bookkeeping and nothing of another client, read a limit at a time and
 * resumed where it stopped.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { batchPut } from '../../shared/data/batch';
import { enterFacility } from '../../shared/data/facilities';
import { BOOKKEEPING_PREFIXES, keys } from '../../shared/data/table';
import { type ClientPosition, readClientItems } from '../../shared/operations/client-items';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;

describe("a client's items", () => {
  it('are read to the end, a limit at a time, with no bookkeeping and nothing of another client', async () => {
    const client = randomUUID();
    const facilities = [randomUUID(), randomUUID()].sort();
    const data = [
      { PK: keys.client(client), SK: keys.person('ada'), Type: 'Person' },
      ...facilities.flatMap((facility) =>
        Array.from({ length: 4 }, (_, i) => ({
          PK: keys.tenant({ client, facility }),
          SK: `CONTAINER#${i}#DATA`,
          Type: 'Container',
        })),
      ),
      // Sort keys on either side of each bookkeeping range are data.
      { PK: keys.tenant({ client, facility: facilities[0]! }), SK: 'A', Type: 'Other' },
      { PK: keys.tenant({ client, facility: facilities[0]! }), SK: '~', Type: 'Other' },
    ];
    const bookkeeping = BOOKKEEPING_PREFIXES.map((prefix) => ({
      PK: keys.tenant({ client, facility: facilities[1]! }),
      SK: `${prefix}X`,
    }));
    await batchPut(db, table(), [...data, ...bookkeeping, { PK: keys.client(randomUUID()), SK: 'PERSON#x' }]);
    for (const facility of facilities) await enterFacility(db, table(), { client, facility });

    const read: Record<string, unknown>[] = [];
    let position: ClientPosition | undefined = { range: 0 };
    let calls = 0;
    while (position) {
      const page: Awaited<ReturnType<typeof readClientItems>> = await readClientItems(db, table(), client, position, 3);
      read.push(...page.items);
      position = page.next;
      calls++;
    }
    const keyOf = (i: Record<string, unknown>) => `${String(i.PK)} ${String(i.SK)}`;
    expect(read.map(keyOf).sort()).toEqual(data.map(keyOf).sort());
    expect(calls).toBeGreaterThanOrEqual(4);
  });
});
