/** Reading an overloaded GSI newest first (its sort key ascends oldest first). */
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { IndexName } from './table';

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
  const n = q.index.slice(3);
  const found: T[] = [];
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: q.index,
        KeyConditionExpression: q.before ? '#pk = :pk AND #sk < :before' : '#pk = :pk',
        ExpressionAttributeNames: {
          '#pk': `G${n}PK`,
          ...(q.before ? { '#sk': `G${n}SK` } : {}),
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
