/**
 * What rebuildReleaseRegister does with the table (shared/operations/rebuild-release-register.ts) beside reading a
 * year's lines (shared/data/releases.ts): it finds the years that hold a facility's lines, puts back a line the table
 * lacks (never over an item), and moves the chain's head onto the chain's true end when lines restored after it left
 * it behind. Nothing here changes a line.
 */
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RegisterLine } from '../domain/release-register';
import { queryAll } from './query';
import { registerHeadItem, releaseEntryItem } from './releases';
import { keys, type Tenant } from './table';
import { writtenUnlessTaken } from './transact';

/** The chain's head item: the facility's last line, as the last release (or rebuild) left it. */
export type RegisterHead = Pick<RegisterLine, 'LineSha256' | 'ReleasedAt' | 'ContainerUuid'>;
/** A line's place in the chain, without its content. */
export type LineLink = RegisterHead & Pick<RegisterLine, 'PreviousSha256'>;

const LAST_LINE_KEY = `${keys.releaseEntryPrefix}~`;
const yearOfKey = (sk: string) => Number(sk.slice(keys.releaseEntryPrefix.length, keys.releaseEntryPrefix.length + 4));

export function dynamoRegisterRepair(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The first year after `year` in which the facility has a line, or undefined. */
    async nextYear(tenant: Tenant, year: number): Promise<number | undefined> {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.tenant(tenant),
            ':from': keys.releaseYearPrefix(year + 1),
            ':to': LAST_LINE_KEY,
          },
          ProjectionExpression: 'SK',
          Limit: 1,
          ConsistentRead: true,
        }),
      );
      const sk = out.Items?.[0]?.SK as string | undefined;
      return sk === undefined ? undefined : yearOfKey(sk);
    },

    /** Puts back a line the table lacks; false when an item has its key by now (it is left as it is). */
    restore(tenant: Tenant, line: RegisterLine): Promise<boolean> {
      return writtenUnlessTaken(
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: releaseEntryItem(tenant, line),
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        ),
      );
    },

    /** The chain's head item, or undefined (a table restored from an export: the last line stands in for it). */
    async head(tenant: Tenant): Promise<RegisterHead | undefined> {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: keys.registerHead },
          ProjectionExpression: 'LineSha256, ReleasedAt, ContainerUuid',
          ConsistentRead: true,
        }),
      );
      return out.Item as RegisterHead | undefined;
    },

    /** The links of the lines released in the second of `releasedAt` or later: what may follow a line of then. */
    async linksFrom(tenant: Tenant, releasedAt: string): Promise<LineLink[]> {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.tenant(tenant),
          ':from': keys.releaseEntry(releasedAt, ''),
          ':to': LAST_LINE_KEY,
        },
        ProjectionExpression: 'LineSha256, PreviousSha256, ReleasedAt, ContainerUuid',
        ConsistentRead: true,
      });
      return items as unknown as LineLink[];
    },

    /** Moves the head from the line hashed `from` to `to`; false when a release moved it meanwhile (it stays). */
    moveHead(tenant: Tenant, from: string, to: RegisterHead): Promise<boolean> {
      return writtenUnlessTaken(db.send(new PutCommand(registerHeadItem(tableName, tenant, from, to).Put!)));
    },
  };
}
