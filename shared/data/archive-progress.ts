/**
 * A release's way into the records bucket, marked step by step so that a release stopped half-way (a crash, a timeout)
 * leaves a trace the archive check finds (shared/services/archive-check.ts), never a locked object nobody knows of:
 *
 * 1. `RECORD`, written before the record's PDF is put under its lock: the PDF may be there, the release is not booked;
 * 2. `LINE`, written by the release's own transaction: booked, its register line's locked copy may be missing;
 * 3. gone, once the line's copy is kept.
 *
 * One item per release attempt in the facility's partition (`ARCHIVE#{record uuid}`), in a write-sharded cross-tenant
 * index partition (GSI3 `ARCHIVE#PENDING#{shard}`, sorted by the time it was begun) while it waits. An orphaned record
 * the check reported keeps its item, out of the index (`Orphaned`), as the facility's note of it.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { REGISTER_FIELDS, type RegisterLine } from '../domain/release-register';
import { shardedIndex } from './sharded-index';
import { ITEM_TYPES, keys, recordOf, type Tenant, tenantOfPartition } from './table';
import { type TransactWriteItem, writtenUnlessTaken } from './transact';

const pendingIndex = shardedIndex('archivePending', 4);

/** A release attempt whose archive is not done: where it stands. */
export interface PendingArchive {
  tenant: Tenant;
  recordUuid: string;
  /** The record PDF's key in the records bucket. */
  recordKey: string;
  containerUuid: string;
  /** When the attempt began (`YYYY-MM-DD HH:MM:SS`, UTC). */
  begunAt: string;
  step: 'RECORD' | 'LINE';
  /** Once booked: the line's time (with the container, its key). */
  releasedAt: string | null;
}

export interface ArchiveProgressStore {
  /** Before the record's PDF is kept: the attempt begins. */
  begin(progress: Omit<PendingArchive, 'step' | 'releasedAt'>): Promise<void>;
  /** The line's copy is kept: the release is archived. */
  done(tenant: Tenant, recordUuid: string): Promise<void>;
  /** Attempts begun before `before` whose archive is not done, every facility's. */
  pending(before: string): Promise<PendingArchive[]>;
  /**
   * A record no release books: reported once, its item kept out of the index as the facility's note of it. False when
   * the release was booked meanwhile (one slower than the check's grace): no orphan.
   */
  orphaned(pending: PendingArchive, reportedAt: string): Promise<boolean>;
  /** A booked release's register line. */
  line(tenant: Tenant, releasedAt: string, containerUuid: string): Promise<RegisterLine | undefined>;
}

const progressKey = (tenant: Tenant, recordUuid: string) => ({
  PK: keys.tenant(tenant),
  SK: keys.archiveProgress(recordUuid),
});

function progressItem(progress: PendingArchive) {
  const { tenant } = progress;
  return {
    ...progressKey(tenant, progress.recordUuid),
    Type: ITEM_TYPES.archiveProgress,
    Step: progress.step,
    RecordKey: progress.recordKey,
    ContainerUuid: progress.containerUuid,
    BegunAt: progress.begunAt,
    ReleasedAt: progress.releasedAt,
    ...pendingIndex.keysOf(
      progress.recordUuid,
      `${progress.begunAt}#${tenant.client}#${tenant.facility}#${progress.recordUuid}`,
    ),
  };
}

/**
 * The release's transaction moves its attempt to `LINE` (booked): the same transaction that books the line, so a
 * booked release is never left marked as unbooked.
 */
export const archiveLineStep = (
  tableName: string,
  progress: Omit<PendingArchive, 'step'> & { releasedAt: string },
): TransactWriteItem => ({ Put: { TableName: tableName, Item: progressItem({ ...progress, step: 'LINE' }) } });

export function dynamoArchiveProgress(db: DynamoDBDocumentClient, tableName: string): ArchiveProgressStore {
  return {
    async begin(progress) {
      await db.send(
        new PutCommand({ TableName: tableName, Item: progressItem({ ...progress, step: 'RECORD', releasedAt: null }) }),
      );
    },

    async done(tenant, recordUuid) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: progressKey(tenant, recordUuid) }));
    },

    async pending(before) {
      const items = await pendingIndex.query(db, tableName, { below: before });
      return items.flatMap((item) => {
        const tenant = tenantOfPartition(String(item.PK));
        if (!tenant) return [];
        return {
          tenant,
          recordUuid: String(item.SK).slice(keys.archiveProgress('').length),
          recordKey: item.RecordKey as string,
          containerUuid: item.ContainerUuid as string,
          begunAt: item.BegunAt as string,
          step: item.Step as PendingArchive['step'],
          releasedAt: (item.ReleasedAt as string | null | undefined) ?? null,
        };
      });
    },

    orphaned(pending, reportedAt) {
      return writtenUnlessTaken(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: progressKey(pending.tenant, pending.recordUuid),
            UpdateExpression: 'SET #orphaned = :reported REMOVE #i0, #i1',
            ConditionExpression: '#step = :record',
            ExpressionAttributeNames: {
              '#orphaned': 'Orphaned',
              '#step': 'Step',
              ...Object.fromEntries(Object.keys(pendingIndex.keysOf('', '')).map((key, i) => [`#i${i}`, key])),
            },
            ExpressionAttributeValues: { ':reported': reportedAt, ':record': 'RECORD' },
          }),
        ),
      );
    },

    async line(tenant, releasedAt, containerUuid) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.releaseEntry(releasedAt, containerUuid) },
          ConsistentRead: true,
        }),
      );
      return Item && recordOf<RegisterLine>(REGISTER_FIELDS, Item);
    },
  };
}
