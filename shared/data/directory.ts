/**
 * The directories of names, per client: people (`PERSON#{uuid}`, filled from writers' tokens and
 * imports) and devices (`DEVICE#{uuid}`, filled by imports). Lookups of a whole page go out as
 * batched reads (100 keys a request, requests in parallel), never one call per item.
 */
import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './table';

export type DirectoryKind = 'PERSON' | 'DEVICE';
export interface NameRef {
  client: string;
  kind: DirectoryKind;
  id: string;
}

export const nameKey = (ref: NameRef) => `${ref.client}#${ref.kind}#${ref.id}`;
const sortKey = (ref: NameRef) => (ref.kind === 'PERSON' ? keys.person(ref.id) : keys.device(ref.id));

type Request = Record<string, { Keys: Record<string, string>[]; ProjectionExpression: string; ExpressionAttributeNames: Record<string, string>; ConsistentRead: boolean }>;

/** The names of the referenced entries that exist, by `nameKey`. */
export async function lookupNames(db: DynamoDBDocumentClient, tableName: string, refs: readonly NameRef[], consistent = false): Promise<Map<string, string>> {
  const unique = [...new Map(refs.map((r) => [nameKey(r), r])).values()];
  const names = new Map<string, string>();
  const chunks: NameRef[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  await Promise.all(chunks.map(async (chunk) => {
    let request: Request | undefined = {
      [tableName]: {
        Keys: chunk.map((r) => ({ PK: keys.client(r.client), SK: sortKey(r) })),
        ProjectionExpression: 'PK, SK, #name',
        ExpressionAttributeNames: { '#name': 'Name' },
        ConsistentRead: consistent,
      },
    };
    for (let attempt = 0; request && Object.keys(request).length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
      const out = await db.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[tableName] ?? []) {
        const ref = chunk.find((r) => keys.client(r.client) === item.PK && sortKey(r) === item.SK);
        if (ref && typeof item.Name === 'string') names.set(nameKey(ref), item.Name);
      }
      request = out.UnprocessedKeys as Request | undefined;
    }
  }));
  return names;
}
