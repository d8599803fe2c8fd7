/**
 * DynamoDB adapter of a facility's clearance notices: one item per notice in the facility's partition
 * (`NOTICE#{uuid}`), a facility holding a handful, so a listing is one Query. A release that cites a notice adds to
 * its `Citations` and sets `LastCitedAt` in the release's own transaction (`citeNoticeItem`); neither is in the
 * notice's model, and a citation leaves the notice's version (its ETag) alone, so releases citing one notice never
 * contend. A change of what a citation freezes is written on condition that no citation landed meanwhile.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  CLEARANCE_NOTICE_TABLE,
  type ClearanceNotice,
  inForce,
  type NoticeRecord,
  type NoticeWriteGuard,
} from '../domain/clearance-notice';
import { recordFieldsOf } from '../domain/fields';
import { documentExists } from './documents';
import { personUpsert, type Actor } from './persons';
import { queryAll } from './query';
import { ITEM_TYPES, keys, recordOf, type Tenant } from './table';
import { newPut, transactWrite, type TransactWriteItem } from './transact';

/** The port the notice service and the release use. */
export interface ClearanceNoticeStore {
  /** A notice of the tenant, with its citations; undefined when it has none of that uuid. */
  get(tenant: Tenant, uuid: string, options?: { consistent?: boolean }): Promise<NoticeRecord | undefined>;
  /** Every notice of the facility (in no particular order). */
  list(tenant: Tenant): Promise<NoticeRecord[]>;
  /** The notices of the facility in force at `at` (from ValidFrom up to and including ValidUntil). */
  inForce(tenant: Tenant, at: string): Promise<NoticeRecord[]>;
  create(notice: ClearanceNotice, actor: Actor): Promise<void>;
  /**
   * Writes `next` if the stored notice still has `previous.Version` and `guard` holds (no citation, or none after
   * a time); ConditionFailedError otherwise.
   */
  update(previous: ClearanceNotice, next: ClearanceNotice, guard: NoticeWriteGuard, actor: Actor): Promise<void>;
  /** Whether the facility holds a document of this uuid (a notice's scan, an instrument's certificate). */
  documentExists(tenant: Tenant, uuid: string): Promise<boolean>;
}

const FIELDS = [...recordFieldsOf(CLEARANCE_NOTICE_TABLE), 'Client', 'Facility'];

/** A notice as stored: keyed by its facility. Citations are the release's to write (citeNoticeItem). */
export const noticeItem = (notice: ClearanceNotice) => ({
  PK: keys.tenant({ client: notice.Client, facility: notice.Facility }),
  SK: keys.clearanceNotice(notice.Uuid),
  Type: ITEM_TYPES.clearanceNotice,
  ...notice,
});

const toRecord = (item: Record<string, unknown>): NoticeRecord => ({
  ...recordOf<ClearanceNotice>(FIELDS, item),
  // A notice stored before issue 36 names no plants.
  DisposalPlants: Array.isArray(item.DisposalPlants) ? (item.DisposalPlants as ClearanceNotice['DisposalPlants']) : [],
  Citations: typeof item.Citations === 'number' ? item.Citations : 0,
  LastCitedAt: typeof item.LastCitedAt === 'string' ? item.LastCitedAt : null,
});

/**
 * The transaction item a release adds to cite `notice` at `at` (the release's time): one more citation, the last at
 * `at`, on condition that the notice is still the version the release read (a change of it since then fails the
 * release, which reads it again) and that no later citation was recorded.
 */
export function citeNoticeItem(
  tableName: string,
  tenant: Tenant,
  notice: Pick<ClearanceNotice, 'Uuid' | 'Version'>,
  at: string,
): TransactWriteItem {
  return {
    Update: {
      TableName: tableName,
      Key: { PK: keys.tenant(tenant), SK: keys.clearanceNotice(notice.Uuid) },
      UpdateExpression: 'SET #last = :at ADD #citations :one',
      ConditionExpression: '#version = :version AND (attribute_not_exists(#last) OR #last <= :at)',
      ExpressionAttributeNames: { '#last': 'LastCitedAt', '#citations': 'Citations', '#version': 'Version' },
      ExpressionAttributeValues: { ':at': at, ':one': 1, ':version': notice.Version },
    },
  };
}

/** The condition of a notice's change: its version, and what `guard` asks of its citations. */
function guardedPut(tableName: string, previous: ClearanceNotice, next: ClearanceNotice, guard: NoticeWriteGuard) {
  const conditions = ['#version = :version'];
  const values: Record<string, unknown> = { ':version': previous.Version };
  if (guard.uncited) conditions.push('attribute_not_exists(#citations)');
  if (guard.notCitedAfter !== null) {
    conditions.push('(attribute_not_exists(#last) OR #last <= :until)');
    values[':until'] = guard.notCitedAfter;
  }
  const used = conditions.join(' AND ');
  return {
    Update: {
      TableName: tableName,
      Key: { PK: keys.tenant({ client: next.Client, facility: next.Facility }), SK: keys.clearanceNotice(next.Uuid) },
      // The notice's members are set; the citations beside them are the releases' and stay.
      UpdateExpression: `SET ${FIELDS.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: used,
      ExpressionAttributeNames: {
        '#version': 'Version',
        ...(used.includes('#citations') ? { '#citations': 'Citations' } : {}),
        ...(used.includes('#last') ? { '#last': 'LastCitedAt' } : {}),
        ...Object.fromEntries(FIELDS.map((f, i) => [`#f${i}`, f])),
      },
      ExpressionAttributeValues: {
        ...values,
        ...Object.fromEntries(FIELDS.map((f, i) => [`:f${i}`, (next as unknown as Record<string, unknown>)[f]])),
      },
    },
  } satisfies TransactWriteItem;
}

export function dynamoClearanceNoticeStore(db: DynamoDBDocumentClient, tableName: string): ClearanceNoticeStore {
  const list = async (tenant: Tenant) =>
    (
      await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.clearanceNoticePrefix },
      })
    ).map(toRecord);

  return {
    async get(tenant, uuid, options = {}) {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.clearanceNotice(uuid) },
          ConsistentRead: options.consistent ?? false,
        }),
      );
      return out.Item && toRecord(out.Item);
    },

    list,

    inForce: async (tenant, at) => (await list(tenant)).filter((notice) => inForce(notice, at)),

    async create(notice, actor) {
      await transactWrite(db, [
        newPut(tableName, noticeItem(notice)),
        personUpsert(tableName, notice.Client, actor, notice.CreatedAt),
      ]);
    },

    async update(previous, next, guard, actor) {
      await transactWrite(db, [
        guardedPut(tableName, previous, next, guard),
        personUpsert(tableName, next.Client, actor, next.UpdatedAt),
      ]);
    },

    documentExists: (tenant, uuid) => documentExists(db, tableName, tenant, uuid),
  };
}
