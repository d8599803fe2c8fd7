/**
 * Batched reads and writes with what DynamoDB leaves unprocessed retried (shared/retry.ts): 100 keys a
 * BatchGetItem, 25 requests a BatchWriteItem. The one place that knows those limits.
 */
import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { retrying, UnprocessedError } from '../retry';

type Key = Record<string, unknown>;
export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } };

/** Every item of `keys` that exists (duplicates read once), chunks in parallel. */
export async function batchGet(
  db: DynamoDBDocumentClient,
  tableName: string,
  keys: readonly Key[],
  options: { projection?: string; names?: Record<string, string>; consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const unique = [...new Map(keys.map((k) => [`${String(k.PK)}|${String(k.SK)}`, k])).values()];
  const chunks: Key[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  const found = await Promise.all(
    chunks.map(async (chunk) => {
      const items: Record<string, unknown>[] = [];
      let request:
        | Record<
            string,
            {
              Keys: Key[];
              ProjectionExpression?: string;
              ExpressionAttributeNames?: Record<string, string>;
              ConsistentRead: boolean;
            }
          >
        | undefined = {
        [tableName]: {
          Keys: chunk,
          ...(options.projection ? { ProjectionExpression: options.projection } : {}),
          ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
          ConsistentRead: options.consistent ?? false,
        },
      };
      await retrying(async () => {
        const out = await db.send(new BatchGetCommand({ RequestItems: request! }));
        items.push(...(out.Responses?.[tableName] ?? []));
        request = out.UnprocessedKeys as typeof request;
        if (request && Object.keys(request).length) throw new UnprocessedError();
      });
      return items;
    }),
  );
  return found.flat();
}

export async function batchWrite(
  db: DynamoDBDocumentClient,
  tableName: string,
  writes: readonly WriteRequest[],
): Promise<void> {
  for (let i = 0; i < writes.length; i += 25) {
    let request: Record<string, WriteRequest[]> | undefined = { [tableName]: writes.slice(i, i + 25) };
    await retrying(async () => {
      request = (await db.send(new BatchWriteCommand({ RequestItems: request as never })))
        .UnprocessedItems as typeof request;
      if (request && Object.keys(request).length) throw new UnprocessedError();
    });
  }
}

export const batchPut = (db: DynamoDBDocumentClient, tableName: string, items: readonly Record<string, unknown>[]) =>
  batchWrite(
    db,
    tableName,
    items.map((Item) => ({ PutRequest: { Item } })),
  );
