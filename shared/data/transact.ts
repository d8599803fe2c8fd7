/**
 * Transactions and conditional puts with the two failure kinds the stores care about told apart, each safe to send
 * again when its answer was lost (the retry policy sends the same call again after a timeout or a 5xx, which may have
 * been applied): a transaction carries a ClientRequestToken, so DynamoDB applies it once; a conditional put that finds
 * exactly its own item already stored was written by its own earlier attempt.
 */
import { randomUUID } from 'node:crypto';
import { type AttributeValue, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  PutCommand,
  type PutCommandInput,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { AppError } from '../errors';
import { mintedIn, mintMark, rewindMint } from '../replay';
import { retrying } from '../retry';

export type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A condition of the transaction did not hold: the item changed or vanished since it was read. */
export class ConditionFailedError extends Error {
  constructor(readonly reasons: (string | undefined)[]) {
    super('A condition of the write did not hold');
    this.name = 'ConditionFailedError';
  }
}

/**
 * Runs a transaction (the client's retry policy retries a conflicting or throttled one); a failed
 * condition is a ConditionFailedError, never retried here. Its token makes the policy's resend of a transaction whose
 * answer was lost a no-op that succeeds (DynamoDB keeps a token 10 minutes), not a failed condition.
 */
export async function transactWrite(db: DynamoDBDocumentClient, items: TransactWriteItem[]): Promise<void> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken: randomUUID() }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = (error.CancellationReasons ?? []).map((r) => r.Code);
    if (!reasons.includes('ConditionalCheckFailed')) throw error;
    // A new item only this request creates is there already: its first attempt's transaction went through.
    if (items.some((item, i) => reasons[i] === 'ConditionalCheckFailed' && ownNewItem(item.Put))) return;
    throw new ConditionFailedError(reasons);
  }
}

/**
 * A put of a new item (written only if none has its key) whose key holds an identifier this request minted
 * (shared/replay.ts): only this request, in an earlier attempt, can have written it.
 */
const ownNewItem = (put: { Item?: Record<string, unknown>; ConditionExpression?: string } | undefined) =>
  put?.ConditionExpression === NEW_ITEM && mintedIn(String(put.Item?.SK ?? ''));

/**
 * A read-modify-write that lost a race (ConditionFailedError) is read and applied again, under the
 * retry policy's attempt bound; one that keeps losing is 409.
 */
export async function optimistic<T>(attempt: () => Promise<T>): Promise<T> {
  // Each attempt mints the identifiers the first did (shared/replay.ts): what they name is the same new record.
  const mark = mintMark();
  try {
    return await retrying(
      () => {
        rewindMint(mark);
        return attempt();
      },
      (error) => error instanceof ConditionFailedError,
    );
  } catch (error) {
    if (error instanceof ConditionFailedError) throw new AppError(409, 'request.concurrent_update');
    throw error;
  }
}

/** A single conditional write whose failed condition is a ConditionFailedError. */
export async function conditional<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException')
      throw new ConditionFailedError(['ConditionalCheckFailed']);
    throw error;
  }
}

/** A stored item as comparable data: numbers as numbers, sets as sorted lists, members in order. */
function canonical(value: unknown): unknown {
  if (value instanceof Set) return [...value].map(canonical).sort();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Uint8Array))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, member]) => member !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, member]) => [name, canonical(member)]),
    );
  return value;
}
const sameItem = (stored: Record<string, AttributeValue>, written: Record<string, unknown>) =>
  JSON.stringify(canonical(unmarshall(stored))) === JSON.stringify(canonical(written));

/**
 * A conditional put whose failed condition is a ConditionFailedError, unless the stored item is exactly the one it
 * puts (an earlier attempt of this same call was applied and its answer lost) or a new item only this request creates
 * (its first attempt created it): then the put is done.
 */
export async function conditionalPut(db: DynamoDBDocumentClient, put: PutCommandInput): Promise<void> {
  try {
    await db.send(new PutCommand({ ...put, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const stored = (error as { Item?: Record<string, AttributeValue> }).Item;
    if ((stored && put.Item && sameItem(stored, put.Item)) || ownNewItem(put)) return;
    throw new ConditionFailedError(['ConditionalCheckFailed']);
  }
}

/** A conditional write's outcome: true when written, false when its condition did not hold (another was first). */
export async function writtenUnlessTaken(write: Promise<unknown>): Promise<boolean> {
  try {
    await conditional(write);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailedError) return false;
    throw error;
  }
}

/** The condition of a new item's put. */
const NEW_ITEM = 'attribute_not_exists(PK)';

/** Writes `item` only if no item has its key yet (a new record, link or line). */
export const newPut = (tableName: string, item: Record<string, unknown>): TransactWriteItem => ({
  Put: { TableName: tableName, Item: item, ConditionExpression: NEW_ITEM },
});

/** Writes `item` only if the stored one still has `version` (optimistic locking; its `Version` is the ETag). */
export const versionedPut = (tableName: string, item: Record<string, unknown>, version: number): TransactWriteItem => ({
  Put: {
    TableName: tableName,
    Item: item,
    ConditionExpression: '#version = :version',
    ExpressionAttributeNames: { '#version': 'Version' },
    ExpressionAttributeValues: { ':version': version },
  },
});
