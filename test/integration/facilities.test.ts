/**
 * shared/data/facilities.ts on DynamoDB Local: the facility index, each facility entered once, a client's facilities
 * listed one after another in uuid order without a Scan.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { enterFacility, facilityNotes, nextFacility } from '../../shared/data/facilities';
import { keys } from '../../shared/data/table';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;

describe('the facility index', () => {
  it("enters a facility once and lists a client's facilities in order, nothing of another client", async () => {
    const client = randomUUID();
    const facilities = [randomUUID(), randomUUID(), randomUUID()].sort();
    expect(await enterFacility(db, table(), { client, facility: facilities[1]! })).toBe(true);
    expect(await enterFacility(db, table(), { client, facility: facilities[1]! })).toBe(false);
    await enterFacility(db, table(), { client, facility: facilities[0]! });
    await enterFacility(db, table(), { client, facility: facilities[2]! });
    await enterFacility(db, table(), { client: randomUUID(), facility: randomUUID() });
    const listed: string[] = [];
    for (let f = await nextFacility(db, table(), client); f; f = await nextFacility(db, table(), client, f))
      listed.push(f);
    expect(listed).toEqual(facilities);
  });

  it("enters the facilities of the stream's partitions, each once per environment, no other", async () => {
    const client = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()].sort();
    const notes = facilityNotes(db, table());
    const pk = (facility: string) => keys.tenant({ client, facility });
    expect(await notes([pk(a!), pk(a!), keys.client(client), 'TEST#other'])).toBe(1);
    expect(await notes([pk(a!), pk(b!)])).toBe(1);
    expect(await nextFacility(db, table(), client)).toBe(a);
    expect(await nextFacility(db, table(), client, a)).toBe(b);
  });
});
