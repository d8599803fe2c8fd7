/**
 * DynamoDB adapter of a facility's handling licences: one item per licence in the facility's partition
 * (`LICENCE#{uuid}`), a facility holding a handful, so a listing is one Query. A booking checked against a licence
 * adds to its `Bookings` and sets `LastBookedAt` in the booking's own transaction (`bookLicenceItem`), on condition
 * that the licence is still the version the booking read; neither is in the licence's model, and a booking leaves the
 * licence's version (its ETag) alone. A change of what a booking keeps is written on condition that none was made.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { recordFieldsOf } from '../domain/fields';
import { documentExists } from './documents';
import { LICENCE_TABLE, type Licence, type LicenceRecord } from '../domain/licence';
import { personUpsert, type Actor } from './persons';
import { queryAll } from './query';
import { ITEM_TYPES, keys, recordOf, type Tenant } from './table';
import { newPut, transactWrite, type TransactWriteItem } from './transact';

export interface LicenceStore {
  get(tenant: Tenant, uuid: string, options?: { consistent?: boolean }): Promise<LicenceRecord | undefined>;
  /** Every licence of the facility (in no particular order). */
  list(tenant: Tenant, options?: { consistent?: boolean }): Promise<LicenceRecord[]>;
  create(licence: Licence, actor: Actor): Promise<void>;
  /** Writes `next` if the stored licence still has `previous.Version` and, with `unbooked`, no booking was made. */
  update(previous: Licence, next: Licence, unbooked: boolean, actor: Actor): Promise<void>;
  documentExists(tenant: Tenant, uuid: string): Promise<boolean>;
}

const FIELDS = [...recordFieldsOf(LICENCE_TABLE), 'Client', 'Facility'];

const licenceItem = (licence: Licence) => ({
  PK: keys.tenant({ client: licence.Client, facility: licence.Facility }),
  SK: keys.licence(licence.Uuid),
  Type: ITEM_TYPES.licence,
  ...licence,
});

const toRecord = (item: Record<string, unknown>): LicenceRecord => ({
  ...recordOf<Licence>(FIELDS, item),
  Bookings: typeof item.Bookings === 'number' ? item.Bookings : 0,
  LastBookedAt: typeof item.LastBookedAt === 'string' ? item.LastBookedAt : null,
});

/**
 * The transaction item a booking adds to the licence it was checked against at `at`: one more booking, on condition
 * that the licence is still the version the booking read (a change since then fails the booking, which reads again).
 */
export function bookLicenceItem(
  tableName: string,
  tenant: Tenant,
  licence: Pick<Licence, 'Uuid' | 'Version'>,
  at: string,
): TransactWriteItem {
  return {
    Update: {
      TableName: tableName,
      Key: { PK: keys.tenant(tenant), SK: keys.licence(licence.Uuid) },
      UpdateExpression: 'SET #last = :at ADD #bookings :one',
      ConditionExpression: '#version = :version',
      ExpressionAttributeNames: { '#last': 'LastBookedAt', '#bookings': 'Bookings', '#version': 'Version' },
      ExpressionAttributeValues: { ':at': at, ':one': 1, ':version': licence.Version },
    },
  };
}

export function dynamoLicenceStore(db: DynamoDBDocumentClient, tableName: string): LicenceStore {
  return {
    async get(tenant, uuid, options = {}) {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.licence(uuid) },
          ConsistentRead: options.consistent ?? false,
        }),
      );
      return out.Item && toRecord(out.Item);
    },

    async list(tenant, options = {}) {
      return (
        await queryAll(db, tableName, {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.licencePrefix },
          ConsistentRead: options.consistent ?? false,
        })
      ).map(toRecord);
    },

    async create(licence, actor) {
      await transactWrite(db, [
        newPut(tableName, licenceItem(licence)),
        personUpsert(tableName, licence.Client, actor, licence.CreatedAt),
      ]);
    },

    async update(previous, next, unbooked, actor) {
      const conditions = ['#version = :version', ...(unbooked ? ['attribute_not_exists(#bookings)'] : [])];
      await transactWrite(db, [
        {
          Update: {
            TableName: tableName,
            Key: { PK: keys.tenant({ client: next.Client, facility: next.Facility }), SK: keys.licence(next.Uuid) },
            // The licence's members are set; the bookings beside them stay.
            UpdateExpression: `SET ${FIELDS.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeNames: {
              '#version': 'Version',
              ...(unbooked ? { '#bookings': 'Bookings' } : {}),
              ...Object.fromEntries(FIELDS.map((f, i) => [`#f${i}`, f])),
            },
            ExpressionAttributeValues: {
              ':version': previous.Version,
              ...Object.fromEntries(FIELDS.map((f, i) => [`:f${i}`, (next as unknown as Record<string, unknown>)[f]])),
            },
          },
        },
        personUpsert(tableName, next.Client, actor, next.UpdatedAt),
      ]);
    },

    documentExists: (tenant, uuid) => documentExists(db, tableName, tenant, uuid),
  };
}
