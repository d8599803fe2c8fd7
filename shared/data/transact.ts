/** Transactions with the two failure kinds the stores care about told apart. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

export type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A condition of the transaction did not hold: the item changed or vanished since it was read. */
export class ConditionFailedError extends Error {
  constructor(readonly reasons: (string | undefined)[]) {
    super('A condition of the write did not hold');
    this.name = 'ConditionFailedError';
  }
}

/** Runs a transaction; retries transaction conflicts (another transaction on the same items) with backoff. */
export async function transactWrite(db: DynamoDBDocumentClient, items: TransactWriteItem[], attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = (error.CancellationReasons ?? []).map((r) => r.Code);
      if (reasons.includes('ConditionalCheckFailed')) throw new ConditionFailedError(reasons);
      if (!reasons.includes('TransactionConflict') || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 25 * 2 ** attempt));
    }
  }
}

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

/** How often a read-modify-write that lost a race is tried again, and the jittered pause before each try. */
export const WRITE_ATTEMPTS = 8;
export const backoff = (attempt: number): Promise<void> => new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 10 * 2 ** attempt)));
