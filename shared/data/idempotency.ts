/**
 * The table as the store of Idempotency-Key records: the port Powertools Idempotency's persistence drives
 * (shared/http/idempotency-powertools.ts) and its DynamoDB adapter on the function's own table client, so that
 * Powertools is loaded only for a request that carries the header (shared/http/idempotency.ts).
 *
 * A record's name is `<partition>|<hash>`: it is kept in the caller's own partition with `IDEMPOTENCY#<hash>` as its
 * sort key, and expires by the table's TTL attribute (`ExpiresAt`). A record is live until then, and one still in
 * progress only until its own in-progress expiry (its request's deadline): past those it counts as absent, as
 * Powertools' own DynamoDB persistence has it, before DynamoDB removes it. A record also keeps its first attempt's
 * identity (`Seed`, shared/replay.ts) and the answer that attempt noted before its commit (`Noted`), for a retry
 * that takes the record over after the attempt failed half-way.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { RequestIdentity } from '../replay';
import { keys, TABLE_DEFINITION } from './table';

export interface IdempotencyRecordItem {
  /** `INPROGRESS` or `COMPLETED`. */
  Status: string;
  /** Epoch seconds: the table's TTL attribute. */
  ExpiresAt?: number;
  /** Epoch milliseconds: until then a record in progress holds its key. */
  InProgressExpiresAt?: number;
  /** The answer of a completed request. */
  Response?: unknown;
  PayloadHash?: string;
  /** The identity of the request's first attempt, which a retry that takes the record over runs with. */
  Seed?: RequestIdentity;
  /** What an attempt will answer once its commit is through, noted before it. */
  Noted?: unknown;
}

export interface IdempotencyRecords {
  get(name: string): Promise<IdempotencyRecordItem | undefined>;
  /**
   * Stores a new record unless a live one holds the name: then answers `held`, with that record when known; else the
   * record it replaced, if there was one (expired, or one in progress a failed attempt handed over).
   */
  create(
    name: string,
    record: IdempotencyRecordItem,
  ): Promise<{ held: true; holder?: IdempotencyRecordItem } | { held: false; replaced?: IdempotencyRecordItem }>;
  /** Sets the record's attributes (a request's answer, once it completed; a noted answer; a first attempt's seed). */
  update(name: string, record: Partial<IdempotencyRecordItem>): Promise<void>;
  /** Hands a record in progress over to the next attempt at once (its attempt failed; what it did is unknown). */
  handOver(name: string): Promise<void>;
  remove(name: string): Promise<void>;
}

const { partitionKey, sortKey } = TABLE_DEFINITION;
const ATTRIBUTES = ['Status', 'ExpiresAt', 'InProgressExpiresAt', 'Response', 'PayloadHash', 'Seed', 'Noted'] as const;

/** The table key of a record's name. */
export function recordKey(name: string): Record<string, string> {
  const split = name.indexOf('|');
  if (split < 1) throw new Error('an idempotency record name is <partition>|<hash>');
  return { [partitionKey]: name.slice(0, split), [sortKey]: keys.idempotency(name.slice(split + 1)) };
}

const recordOf = (item: Record<string, unknown>) =>
  Object.fromEntries(
    ATTRIBUTES.filter((a) => item[a] !== undefined).map((a) => [a, item[a]]),
  ) as unknown as IdempotencyRecordItem;

export function dynamoIdempotencyRecords(db: DynamoDBDocumentClient, tableName: string): IdempotencyRecords {
  return {
    async get(name) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: recordKey(name), ConsistentRead: true }),
      );
      return Item && recordOf(Item);
    },

    async create(name, record) {
      const now = Date.now();
      try {
        const replaced = await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...recordKey(name), ...record },
            ConditionExpression:
              'attribute_not_exists(#key) OR #expires < :now OR ' +
              '(#status = :inProgress AND attribute_exists(#inProgressExpires) AND #inProgressExpires < :nowMs)',
            ExpressionAttributeNames: {
              '#key': sortKey,
              '#expires': 'ExpiresAt',
              '#status': 'Status',
              '#inProgressExpires': 'InProgressExpiresAt',
            },
            ExpressionAttributeValues: { ':now': now / 1000, ':nowMs': now, ':inProgress': 'INPROGRESS' },
            ReturnValues: 'ALL_OLD',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return { held: false, ...(replaced.Attributes ? { replaced: recordOf(replaced.Attributes) } : {}) };
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        const item = (error as { Item?: Record<string, AttributeValue> }).Item;
        const holder = item && recordOf(unmarshall(item));
        // This very put, sent again after its answer was lost: the record it holds is its own.
        if (holder?.Seed?.Nonce !== undefined && holder.Seed.Nonce === record.Seed?.Nonce) return { held: false };
        return { held: true, ...(holder ? { holder } : {}) };
      }
    },

    async update(name, record) {
      const attributes = Object.entries(record).filter(([, value]) => value !== undefined);
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: recordKey(name),
          UpdateExpression: `SET ${attributes.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(attributes.map(([attribute], i) => [`#a${i}`, attribute])),
          ExpressionAttributeValues: Object.fromEntries(attributes.map(([, value], i) => [`:v${i}`, value])),
        }),
      );
    },

    async handOver(name) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: recordKey(name),
            UpdateExpression: 'SET #inProgressExpires = :handedOver',
            ConditionExpression: '#status = :inProgress',
            ExpressionAttributeNames: { '#inProgressExpires': 'InProgressExpiresAt', '#status': 'Status' },
            ExpressionAttributeValues: { ':handedOver': 0, ':inProgress': 'INPROGRESS' },
          }),
        );
      } catch (error) {
        // Completed or gone meanwhile: nothing to hand over.
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    },

    async remove(name) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: recordKey(name) }));
    },
  };
}
