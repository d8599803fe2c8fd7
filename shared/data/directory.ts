/**
 * The directories of names, per client: people (`PERSON#{uuid}`, filled from writers' tokens and
 * imports) and devices (`DEVICE#{uuid}`, filled by imports). Lookups of a whole page go out as
 * batched reads (shared/data/batch.ts), never one call per item.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch';
import { keys } from './table';

export type DirectoryKind = 'PERSON' | 'DEVICE';
export interface NameRef {
  client: string;
  kind: DirectoryKind;
  id: string;
}

export const nameKey = (ref: NameRef) => `${ref.client}#${ref.kind}#${ref.id}`;
const sortKey = (ref: NameRef) => (ref.kind === 'PERSON' ? keys.person(ref.id) : keys.device(ref.id));

/** The names of the referenced entries that exist, by `nameKey`. */
export async function lookupNames(
  db: DynamoDBDocumentClient,
  tableName: string,
  refs: readonly NameRef[],
  consistent = false,
): Promise<Map<string, string>> {
  const byKey = new Map(refs.map((r) => [`${keys.client(r.client)}|${sortKey(r)}`, r]));
  const items = await batchGet(
    db,
    tableName,
    [...byKey.values()].map((r) => ({ PK: keys.client(r.client), SK: sortKey(r) })),
    {
      projection: 'PK, SK, #name',
      names: { '#name': 'Name' },
      consistent,
    },
  );
  const names = new Map<string, string>();
  for (const item of items) {
    const ref = byKey.get(`${String(item.PK)}|${String(item.SK)}`);
    if (ref && typeof item.Name === 'string') names.set(nameKey(ref), item.Name);
  }
  return names;
}
