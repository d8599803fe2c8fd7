/** The person directory: names of people per client, upserted from each writer's token. */
import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteItem } from './transact';
import { keys } from './table';

export interface Actor {
  sub: string;
  name: string | undefined;
}

/** A transaction item that records the caller (and their current name) in the directory. */
export function personUpsert(tableName: string, client: string, actor: Actor, at: string): TransactWriteItem {
  const named = actor.name !== undefined && actor.name !== '';
  return {
    Update: {
      TableName: tableName,
      Key: { PK: keys.client(client), SK: keys.person(actor.sub) },
      UpdateExpression: `SET #type = :type, #uuid = :uuid, #client = :client, #updated = :at${named ? ', #name = :name' : ''}`,
      ExpressionAttributeNames: { '#type': 'Type', '#uuid': 'Uuid', '#client': 'Client', '#updated': 'UpdatedAt', ...(named ? { '#name': 'Name' } : {}) },
      ExpressionAttributeValues: { ':type': 'Person', ':uuid': actor.sub, ':client': client, ':at': at, ...(named ? { ':name': actor.name } : {}) },
    },
  };
}

/** Names of the given people of a client, in one batched read (100 keys a request). */
export async function resolveNames(
  db: DynamoDBDocumentClient,
  tableName: string,
  client: string,
  ids: readonly string[],
  consistent = false,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, string>[]; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string>; ConsistentRead?: boolean }> | undefined = {
      [tableName]: {
        Keys: unique.slice(i, i + 100).map((id) => ({ PK: keys.client(client), SK: keys.person(id) })),
        ProjectionExpression: '#uuid, #name',
        ExpressionAttributeNames: { '#uuid': 'Uuid', '#name': 'Name' },
        ConsistentRead: consistent,
      },
    };
    for (let attempt = 0; request && Object.keys(request).length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
      const out = await db.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[tableName] ?? []) {
        if (typeof item.Name === 'string') names.set(item.Uuid as string, item.Name);
      }
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return names;
}
