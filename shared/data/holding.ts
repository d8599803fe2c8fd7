/**
 * The containers of a facility that hold material of the book, with those contents: the `CONTAINERS#HOLDING` items of
 * GSI1 (shared/data/container-items.ts, `bookContentsItem`), one per container. The container store answers them
 * (`ContainerStore.holding`); the stock, the reports and the book's writes read them through this query alone, without
 * the rest of the container store.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ContentModel, toContentLink } from '../domain/container-contents';
import type { HoldingContainer } from './container-store';
import { queryAll } from './query';
import { indexKeys, keys, type Tenant } from './table';

export async function holdingContainers(
  db: DynamoDBDocumentClient,
  tableName: string,
  tenant: Tenant,
): Promise<HoldingContainer[]> {
  const held = await queryAll(db, tableName, {
    IndexName: 'GSI1',
    KeyConditionExpression: 'G1PK = :pk',
    ExpressionAttributeValues: { ':pk': indexKeys.containersHolding(keys.tenant(tenant)) },
  });
  return held.map((item) => ({
    container: item.ContainerUuid as string,
    links: ((item.Contents as Partial<ContentModel>[] | undefined) ?? []).map(toContentLink),
  }));
}

/** The container store's `holding` alone, over a client and table. */
export const dynamoHoldingStore = (db: DynamoDBDocumentClient, tableName: string) => ({
  holding: (tenant: Tenant) => holdingContainers(db, tableName, tenant),
});
