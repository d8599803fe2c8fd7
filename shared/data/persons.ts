/** The person directory: names of people per client, upserted from each writer's token. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../auth/claims';
import { lookupNames, nameKey } from './directory';
import type { TransactWriteItem } from './transact';
import { ITEM_TYPES, keys } from './table';

/** Who is written into the directory: the caller's id and name. */
export type Actor = Pick<Caller, 'sub' | 'name'>;

/** A transaction item that records the caller (and their current name) in the directory. */
export function personUpsert(tableName: string, client: string, actor: Actor, at: string): TransactWriteItem {
  const named = actor.name !== undefined && actor.name !== '';
  return {
    Update: {
      TableName: tableName,
      Key: { PK: keys.client(client), SK: keys.person(actor.sub) },
      UpdateExpression: [
        'SET #type = :type, #uuid = :uuid, #client = :client, #updated = :at',
        ...(named ? ['#name = :name'] : []),
      ].join(', '),
      ExpressionAttributeNames: {
        '#type': 'Type',
        '#uuid': 'Uuid',
        '#client': 'Client',
        '#updated': 'UpdatedAt',
        ...(named ? { '#name': 'Name' } : {}),
      },
      ExpressionAttributeValues: {
        ':type': ITEM_TYPES.person,
        ':uuid': actor.sub,
        ':client': client,
        ':at': at,
        ...(named ? { ':name': actor.name } : {}),
      },
    },
  };
}

/** Names of the given people of a client, by person id, in batched reads. */
export async function resolveNames(
  db: DynamoDBDocumentClient,
  tableName: string,
  client: string,
  ids: readonly string[],
  consistent = false,
): Promise<Map<string, string>> {
  const found = await lookupNames(
    db,
    tableName,
    ids.map((id) => ({ client, kind: 'PERSON' as const, id })),
    consistent,
  );
  return new Map(
    ids.flatMap((id) => {
      const name = found.get(nameKey({ client, kind: 'PERSON', id }));
      return name === undefined ? [] : [[id, name] as const];
    }),
  );
}
