/**
 * The facility index: one entry per facility partition (`SEQ#FACILITY` in it), listed by GSI1 under the client's
 * directory key, so the work of one client finds its facilities without a Scan (shared/operations/client-items.ts).
 * The stream writer enters a facility when the first of its records is created (shared/data/sequence-writer.ts);
 * regenerateSequenceMemory enters any it finds missing. Bookkeeping: never exported, the next writer derives it again.
 */
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import { indexPartition } from './indexes';
import { indexKeys, ITEM_TYPES, keys, type Tenant, tenantOfPartition } from './table';
import { writtenUnlessTaken } from './transact';

/** A facility's entry as stored. */
export const facilityEntry = (tenant: Tenant) => ({
  PK: keys.tenant(tenant),
  SK: keys.facilityEntry,
  Type: ITEM_TYPES.facility,
  Client: tenant.client,
  Facility: tenant.facility,
  G1PK: indexKeys.clientFacilities(tenant.client),
  G1SK: tenant.facility,
});

/** The entry's key in GSI1, where a listing of the client's facilities resumes after it. */
export const facilityCursor = (tenant: Tenant) => {
  const { PK, SK, G1PK, G1SK } = facilityEntry(tenant);
  return { PK, SK, G1PK, G1SK };
};

/** Enters a facility unless it is entered already; answers whether it was missing. */
export const enterFacility = (db: DynamoDBDocumentClient, tableName: string, tenant: Tenant): Promise<boolean> =>
  writtenUnlessTaken(
    db.send(
      new PutCommand({
        TableName: tableName,
        Item: facilityEntry(tenant),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );

/**
 * The stream writer's side: enters the facility of each partition key once per execution environment, by batch
 * (25 entries a request). An entry is the same item every time it is written, so writing one already there changes
 * nothing (and DynamoDB streams no record for it): no condition, no read. Answers how many it wrote.
 */
export function facilityNotes(db: DynamoDBDocumentClient, tableName: string) {
  const entered = new Set<string>();
  return async (partitionKeys: Iterable<string>): Promise<number> => {
    const fresh = [...new Set(partitionKeys)].filter((pk) => !entered.has(pk) && tenantOfPartition(pk));
    await batchWrite(
      db,
      tableName,
      fresh.map((pk) => ({ PutRequest: { Item: facilityEntry(tenantOfPartition(pk)!) } })),
    );
    for (const pk of fresh) entered.add(pk);
    return fresh.length;
  };
}

/** The next facility of a client after `after` (in uuid order), or undefined after the last. */
export async function nextFacility(
  db: DynamoDBDocumentClient,
  tableName: string,
  client: string,
  after?: string,
): Promise<string | undefined> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName,
      ...indexPartition('GSI1', indexKeys.clientFacilities(client)),
      ProjectionExpression: 'G1SK',
      Limit: 1,
      ...(after ? { ExclusiveStartKey: facilityCursor({ client, facility: after }) } : {}),
    }),
  );
  const found = out.Items?.[0]?.G1SK;
  return typeof found === 'string' ? found : undefined;
}
