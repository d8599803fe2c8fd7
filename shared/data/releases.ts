/**
 * The release register (StrlSchV § 86 Abs. 1 Nr. 1): one item per release in the facility's partition, written in
 * the release's own transaction (shared/data/containers.ts), keyed by the time of the release, so a year's lines are
 * one Query on a key prefix. The lines form a chain (shared/domain/register-chain.ts); the chain's head item holds
 * the facility's last line's hash, so two releases at once cannot both follow it. Each line is also kept as a locked
 * object beside the record PDFs in the records bucket (the archive).
 */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LATER_MEMBERS, REGISTER_FIELDS, type RegisterLine } from '../domain/release-register';
import { queryAll } from './query';
import { ITEM_TYPES, keys, type Tenant } from './table';
import type { TransactWriteItem } from './transact';

export interface ReleaseRegisterStore {
  /** A year's releases in the facility, oldest first. */
  list(tenant: Tenant, year: number): Promise<RegisterLine[]>;
  /** The same, with only `fields` read (the summary's). */
  list<F extends keyof RegisterLine>(
    tenant: Tenant,
    year: number,
    fields: readonly F[],
  ): Promise<Pick<RegisterLine, F>[]>;
  /** The hash of the facility's last line (the chain's head), or null before its first release. */
  head(tenant: Tenant): Promise<string | null>;
  /** The hash of the facility's last line before `year` (where the year's chain starts), or null. */
  before(tenant: Tenant, year: number): Promise<string | null>;
}

/** A register line as stored: the facility's partition, the time of the release first in the sort key. */
export const releaseEntryItem = (tenant: Tenant, line: RegisterLine) => ({
  ...line,
  // After the line: its keys are the tenant's and the line's, whatever members a line read back might carry.
  PK: keys.tenant(tenant),
  SK: keys.releaseEntry(line.ReleasedAt, line.ContainerUuid),
  Type: ITEM_TYPES.releaseEntry,
});

/**
 * The chain's head moves from `previous` to `line` in the release's transaction: a release that read another head
 * (another release came first) fails and reads again, so the chain never forks.
 */
export const registerHeadItem = (
  tableName: string,
  tenant: Tenant,
  previous: string | null,
  line: Pick<RegisterLine, 'LineSha256' | 'ReleasedAt' | 'ContainerUuid'>,
): TransactWriteItem => ({
  Put: {
    TableName: tableName,
    Item: {
      PK: keys.tenant(tenant),
      SK: keys.registerHead,
      Type: ITEM_TYPES.registerHead,
      LineSha256: line.LineSha256,
      ReleasedAt: line.ReleasedAt,
      ContainerUuid: line.ContainerUuid,
    },
    // Without a head (the first release, or a table rebuilt from an export) the last line by key stood in for it.
    ConditionExpression:
      previous === null ? 'attribute_not_exists(PK)' : 'attribute_not_exists(PK) OR LineSha256 = :previous',
    ...(previous === null ? {} : { ExpressionAttributeValues: { ':previous': previous } }),
  },
});

export function dynamoReleaseRegister(db: DynamoDBDocumentClient, tableName: string): ReleaseRegisterStore {
  /**
   * The end of the chain among the lines before `upper` (a sort key): of the last few by key, the one no other
   * follows (lines released in the same second sort by container, not by their order in the chain).
   */
  const lastBefore = async (tenant: Tenant, upper: string) => {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':from': keys.releaseEntryPrefix, ':to': upper },
        ProjectionExpression: 'LineSha256, PreviousSha256, SK',
        ScanIndexForward: false,
        Limit: 10,
        ConsistentRead: true,
      }),
    );
    const lines = (out.Items ?? []).filter((item) => item.SK !== upper);
    const followed = new Set(lines.map((line) => line.PreviousSha256));
    return (lines.find((line) => !followed.has(line.LineSha256)) ?? lines[0])?.LineSha256 as string | undefined;
  };
  return {
    async list(tenant: Tenant, year: number, fields: readonly (keyof RegisterLine)[] = REGISTER_FIELDS) {
      const names = Object.fromEntries(fields.map((f, i) => [`#f${i}`, f]));
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':prefix': keys.releaseYearPrefix(year) },
        ProjectionExpression: Object.keys(names).join(', '),
        ExpressionAttributeNames: names,
      });
      // A line booked before a member was added is read without it, as it was hashed.
      const kept = (item: Record<string, unknown>, f: keyof RegisterLine) =>
        f in item || !(LATER_MEMBERS as readonly string[]).includes(f);
      return items.map(
        (item) =>
          Object.fromEntries(
            fields.filter((f) => kept(item, f)).map((f) => [f, item[f] ?? null]),
          ) as unknown as RegisterLine,
      );
    },

    async head(tenant) {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.registerHead },
          ConsistentRead: true,
        }),
      );
      if (out.Item) return out.Item.LineSha256 as string;
      // No head item (a table restored from an export): the chain ends at the last line.
      return (await lastBefore(tenant, `${keys.releaseEntryPrefix}~`)) ?? null;
    },

    async before(tenant, year) {
      return (await lastBefore(tenant, keys.releaseYearPrefix(year))) ?? null;
    },
  };
}
