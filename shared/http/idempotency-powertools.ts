/**
 * Powertools Idempotency for the Idempotency-Key middleware (shared/http/idempotency.ts), which imports this module
 * only when a request carries the header: most requests carry none, and they need not evaluate Powertools and its
 * JMESPath. It is bundled apart, a file beside the function's bundle (infra/bundling.ts LAZY_MODULES), so it imports
 * nothing of ours at run time: the records' store, on the function's own table client, is handed in
 * (shared/data/idempotency.ts). What it saves: docs/decisions.md.
 */
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import {
  IdempotencyConfig,
  IdempotencyItemAlreadyExistsError,
  IdempotencyItemNotFoundError,
} from '@aws-lambda-powertools/idempotency';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import { BasePersistenceLayer, IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import type { IdempotencyRecordItem, IdempotencyRecords } from '../data/idempotency';

export interface PowertoolsIdempotency {
  /** Names the records (`container.create`). */
  readonly operation: string;
  readonly records: IdempotencyRecords;
  /** The partition a request's records are kept in. */
  readonly partitionOf: (event: JSONValue) => string;
  /** What a request's key is made of (JMESPath over the event); no value, no idempotency. */
  readonly eventKeyJmesPath: string;
  readonly expiresAfterSeconds: number;
}

const recordOf = (name: string, item: IdempotencyRecordItem) =>
  new IdempotencyRecord({
    idempotencyKey: name,
    status: item.Status as never,
    expiryTimestamp: item.ExpiresAt,
    inProgressExpiryTimestamp: item.InProgressExpiresAt,
    responseData: item.Response as JSONValue,
    payloadHash: item.PayloadHash,
  });

const itemOf = (record: IdempotencyRecord): IdempotencyRecordItem => ({
  Status: record.getStatus(),
  ...(record.expiryTimestamp !== undefined ? { ExpiresAt: record.expiryTimestamp } : {}),
  ...(record.inProgressExpiryTimestamp !== undefined ? { InProgressExpiresAt: record.inProgressExpiryTimestamp } : {}),
  ...(record.responseData !== undefined ? { Response: record.responseData } : {}),
  ...(record.payloadHash !== undefined ? { PayloadHash: record.payloadHash } : {}),
});

/** Powertools' persistence over the records' store, each record named `<partition>|<hash>`. */
class PartitionedPersistence extends BasePersistenceLayer {
  constructor(
    private readonly records: IdempotencyRecords,
    private readonly partitionOf: (event: JSONValue) => string,
  ) {
    super();
  }

  protected override getHashedIdempotencyKey(data: JSONValue): string {
    return `${this.partitionOf(data)}|${super.getHashedIdempotencyKey(data)}`;
  }

  protected async _getRecord(name: string): Promise<IdempotencyRecord> {
    const item = await this.records.get(name);
    if (!item) throw new IdempotencyItemNotFoundError();
    return recordOf(name, item);
  }

  protected async _putRecord(record: IdempotencyRecord): Promise<void> {
    const created = await this.records.create(record.idempotencyKey, itemOf(record));
    if (created.held)
      throw new IdempotencyItemAlreadyExistsError(
        `Failed to put record for already existing idempotency key: ${record.idempotencyKey}`,
        created.holder && recordOf(record.idempotencyKey, created.holder),
      );
  }

  protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
    await this.records.update(record.idempotencyKey, itemOf(record));
  }

  protected async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    await this.records.remove(record.idempotencyKey);
  }
}

/** Powertools' middleware for one route. */
export function powertoolsMiddleware(options: PowertoolsIdempotency) {
  return makeHandlerIdempotent({
    persistenceStore: new PartitionedPersistence(options.records, options.partitionOf),
    keyPrefix: options.operation,
    config: new IdempotencyConfig({
      eventKeyJmesPath: options.eventKeyJmesPath,
      payloadValidationJmesPath: 'body',
      expiresAfterSeconds: options.expiresAfterSeconds,
    }),
  });
}
