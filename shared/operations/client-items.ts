/**
 * Reading every item of one client, and nothing else: its directory partition (`C#{client}`), then each of its
 * facilities' partitions, found in the facility index (shared/data/facilities.ts), by Query only. A partition is read
 * in the sort-key ranges between the bookkeeping prefixes (BOOKKEEPING_PREFIXES: counters, page buckets,
 * Idempotency-Key records, the stream writer's items), so what is read is what is exported, whatever else the table
 * holds, and an item type added later is read with the rest.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { nextFacility } from '../data/facilities';
import { BOOKKEEPING_PREFIXES, keys } from '../data/table';

/** The key that follows every key beginning with `prefix` (its last character, one up). */
const after = (prefix: string) =>
  `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;

/**
 * The data ranges of a partition as key conditions on SK: below the first bookkeeping prefix, between each one's end
 * and the next (BETWEEN includes the next prefix itself, which no stored key equals), above the last one's end.
 */
type Range = { condition: string; values: Record<string, string> };
export const DATA_RANGES: Range[] = [
  ...BOOKKEEPING_PREFIXES.map(
    (prefix, i): Range =>
      i === 0
        ? { condition: 'SK < :to', values: { ':to': prefix } }
        : {
            condition: 'SK BETWEEN :from AND :to',
            values: { ':from': after(BOOKKEEPING_PREFIXES[i - 1]!), ':to': prefix },
          },
  ),
  { condition: 'SK >= :from', values: { ':from': after(BOOKKEEPING_PREFIXES.at(-1)!) } },
];

/** Where a reading is: the directory (no facility) or a facility, a range of its partition, the Query's cursor. */
export interface ClientPosition {
  facility?: string;
  range: number;
  cursor?: Record<string, unknown>;
}

/**
 * The client's next items from `position`, at least `limit` unless it has no more: the items, how many the reads
 * evaluated (facility index entries included) and where to go on (undefined: all read).
 */
export async function readClientItems(
  db: DynamoDBDocumentClient,
  tableName: string,
  client: string,
  position: ClientPosition = { range: 0 },
  limit = 1000,
): Promise<{ items: Record<string, unknown>[]; read: number; next?: ClientPosition }> {
  const items: Record<string, unknown>[] = [];
  let read = 0;
  let at: ClientPosition = position;
  while (items.length < limit) {
    const range = DATA_RANGES[at.range]!;
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: `PK = :pk AND ${range.condition}`,
        ExpressionAttributeValues: {
          ':pk': at.facility ? keys.tenant({ client, facility: at.facility }) : keys.client(client),
          ...range.values,
        },
        Limit: limit - items.length,
        ...(at.cursor ? { ExclusiveStartKey: at.cursor } : {}),
      }),
    );
    items.push(...(out.Items ?? []));
    read += out.ScannedCount ?? 0;
    if (out.LastEvaluatedKey) {
      at = { ...at, cursor: out.LastEvaluatedKey };
      continue;
    }
    if (at.range + 1 < DATA_RANGES.length) {
      at = { ...(at.facility ? { facility: at.facility } : {}), range: at.range + 1 };
      continue;
    }
    const facility = await nextFacility(db, tableName, client, at.facility);
    read += facility ? 1 : 0;
    if (!facility) return { items, read };
    at = { facility, range: 0 };
  }
  return { items, read, next: at };
}
