/**
 * The release register (StrlSchV § 86 Abs. 1 Nr. 1): one item per release in the facility's partition,
 * written in the release's own transaction (shared/data/containers.ts), keyed by the time of the
 * release, so a year's lines are one Query on a key prefix.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { REGISTER_FIELDS, type ReleaseRegisterRow } from '../domain/release-register';
import { queryAll } from './query';
import { ITEM_TYPES, keys, type Tenant } from './table';

export interface ReleaseRegisterStore {
  /** A year's releases in the facility, oldest first. */
  list(tenant: Tenant, year: number): Promise<ReleaseRegisterRow[]>;
  /** The same, with only `fields` read (the summary's). */
  list<F extends keyof ReleaseRegisterRow>(
    tenant: Tenant,
    year: number,
    fields: readonly F[],
  ): Promise<Pick<ReleaseRegisterRow, F>[]>;
}

/** A register line as stored: the facility's partition, the time of the release first in the sort key. */
export const releaseEntryItem = (tenant: Tenant, row: ReleaseRegisterRow) => ({
  PK: keys.tenant(tenant),
  SK: keys.releaseEntry(row.ReleasedAt, row.ContainerUuid),
  Type: ITEM_TYPES.releaseEntry,
  ...row,
});

export function dynamoReleaseRegister(db: DynamoDBDocumentClient, tableName: string): ReleaseRegisterStore {
  return {
    async list(tenant: Tenant, year: number, fields: readonly (keyof ReleaseRegisterRow)[] = REGISTER_FIELDS) {
      const names = Object.fromEntries(fields.map((f, i) => [`#f${i}`, f]));
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.releaseYearPrefix(year) },
        ProjectionExpression: Object.keys(names).join(', '),
        ExpressionAttributeNames: names,
      });
      return items.map(
        (item) => Object.fromEntries(fields.map((f) => [f, item[f] ?? null])) as unknown as ReleaseRegisterRow,
      );
    },
  };
}
