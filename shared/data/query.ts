/** Reading a whole Query, page after page (what DynamoDB answers at most 1 MB at a time). */
import {
  QueryCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';

type Input = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Each page of a Query, until its last. */
async function* pagesOf(
  db: DynamoDBDocumentClient,
  tableName: string,
  input: Input,
): AsyncGenerator<QueryCommandOutput> {
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const out = await db.send(new QueryCommand({ TableName: tableName, ...input, ExclusiveStartKey }));
    yield out;
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Every item a Query matches. */
export async function queryAll(
  db: DynamoDBDocumentClient,
  tableName: string,
  input: Input,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of pagesOf(db, tableName, input)) items.push(...(page.Items ?? []));
  return items;
}

/** How many items a Query matches, counted by DynamoDB (`Select: COUNT`: no item is read back). */
export async function queryCount(db: DynamoDBDocumentClient, tableName: string, input: Input): Promise<number> {
  let count = 0;
  for await (const page of pagesOf(db, tableName, { ...input, Select: 'COUNT' })) count += page.Count ?? 0;
  return count;
}
