/** Reading an overloaded GSI: one of its partitions, or newest first (its sort key ascends oldest first). */
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { IndexName } from './table';

/** The key attributes of a GSI (`GSI1`: `G1PK`, `G1SK`). */
const keyNamesOf = (index: IndexName) => ({ pk: `G${index.slice(3)}PK`, sk: `G${index.slice(3)}SK` });

/** A Query's index and key condition for one partition of a GSI, to spread into its input. */
export const indexPartition = (index: IndexName, pk: string) => ({
  IndexName: index,
  KeyConditionExpression: `${keyNamesOf(index).pk} = :pk`,
  ExpressionAttributeValues: { ':pk': pk },
});

export interface NewestFirst {
  index: IndexName;
  pk: string;
  /** At most this many items. */
  limit: number;
  /** Only items whose sort key lies below this one. */
  before?: string | undefined;
  /** Only items with this attribute value (read, then filtered: counts are never taken from here). */
  filter?: { attribute: string; value: string } | undefined;
}

export async function queryNewestFirst<T>(
  db: DynamoDBDocumentClient,
  tableName: string,
  q: NewestFirst,
  toRecord: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  const names = keyNamesOf(q.index);
  const found: T[] = [];
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: q.index,
        KeyConditionExpression: q.before ? '#pk = :pk AND #sk < :before' : '#pk = :pk',
        ExpressionAttributeNames: {
          '#pk': names.pk,
          ...(q.before ? { '#sk': names.sk } : {}),
          ...(q.filter ? { '#filter': q.filter.attribute } : {}),
        },
        ExpressionAttributeValues: {
          ':pk': q.pk,
          ...(q.before ? { ':before': q.before } : {}),
          ...(q.filter ? { ':filter': q.filter.value } : {}),
        },
        ...(q.filter ? { FilterExpression: '#filter = :filter' } : {}),
        ScanIndexForward: false,
        // A filtered read may drop items, so it asks for at least a page at a time.
        Limit: q.filter ? Math.max(q.limit - found.length, 100) : q.limit - found.length,
        ExclusiveStartKey,
      }),
    );
    found.push(...(out.Items ?? []).map(toRecord));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey && found.length < q.limit);
  return found.slice(0, q.limit);
}
