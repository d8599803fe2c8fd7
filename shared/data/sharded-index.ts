/**
 * A write-sharded cross-tenant partition of an index (shared/data/table.ts CROSS_TENANT_INDEXES): an item lands in one
 * of `shards` partitions by a hash of its id, sorted by a key of its own; a reader queries every shard at once, up to
 * a bound of the sort key. The release sweep's due containers and the archive check's pending releases are two.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query';
import { CROSS_TENANT_INDEXES, type CrossTenantIndex, shardOf, TABLE_DEFINITION } from './table';

export function shardedIndex(name: CrossTenantIndex, shards: number) {
  const { index: indexName, prefix } = CROSS_TENANT_INDEXES[name];
  const index = TABLE_DEFINITION.indexes.find((i) => i.name === indexName)!;
  return {
    /** The index keys of the item of `id`, sorted by `sortKey`. */
    keysOf: (id: string, sortKey: string): Record<string, string> => ({
      [index.partitionKey]: `${prefix}${shardOf(id, shards)}`,
      [index.sortKey]: sortKey,
    }),
    /** Every shard's items whose sort key is `below` (`<`) or `upTo` (`<=`) the bound, with `projection` only. */
    async query(
      db: DynamoDBDocumentClient,
      tableName: string,
      bound: { below: string } | { upTo: string },
      projection?: { expression: string; names: Record<string, string> },
    ): Promise<Record<string, unknown>[]> {
      const [comparison, value] = 'below' in bound ? ['<', bound.below] : ['<=', bound.upTo];
      const each = await Promise.all(
        Array.from({ length: shards }, (_, shard) =>
          queryAll(db, tableName, {
            IndexName: index.name,
            KeyConditionExpression: `#pk = :pk AND #sk ${comparison} :bound`,
            ExpressionAttributeNames: { '#pk': index.partitionKey, '#sk': index.sortKey, ...projection?.names },
            ExpressionAttributeValues: { ':pk': `${prefix}${shard}`, ':bound': value },
            ...(projection ? { ProjectionExpression: projection.expression } : {}),
          }),
        ),
      );
      return each.flat();
    },
  };
}
