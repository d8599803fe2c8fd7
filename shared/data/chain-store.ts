/**
 * A chained book in the table (shared/domain/chain.ts): one item per line in the facility's partition, written in the
 * transaction of what it books, keyed by the line's time under the book's prefix, so a year's lines are one Query on
 * a key prefix. The book's head item holds the facility's last line's hash, so two writers at once cannot both
 * follow it. The release register (shared/data/releases.ts) and the material book (shared/data/material-book.ts) are
 * two such books; this module reads and writes either, and repairs it for the rebuild operation.
 */
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Book, type Chained, type LineName, nameOf } from '../domain/chain';
import { queryAll } from './query';
import { keys, type Tenant } from './table';
import { type TransactWriteItem, writtenUnlessTaken } from './transact';

/** A book as the table keeps it: its lines under a sort-key prefix, its head under a key of its own. */
export interface StoredBook<L extends Chained> {
  book: Book<L>;
  /** Its lines' sort keys begin with this (`RELEASE#`): then the line's time, `#`, its id. */
  linePrefix: string;
  /** The sort key of the head item (a bookkeeping item: shared/data/table.ts BOOKKEEPING_PREFIXES). */
  headKey: string;
  lineType: string;
  headType: string;
  /** Every member of a line, as a year's listing reads them. */
  fields: readonly (keyof L & string)[];
  /**
   * Members added after lines were booked: a line without one is read without it (its hash is over the members it
   * has), never with a null in its place.
   */
  laterFields?: readonly (keyof L & string)[];
}

/** The head item: the facility's last line, by its hash and name. */
export type ChainHead = { LineSha256: string } & LineName;
/** A line's place in the chain, without its content: its hash, its link, its name. */
export type ChainLink = ChainHead & { PreviousSha256: string | null };

const lineKeyOf = <L extends Chained>(stored: StoredBook<L>, time: string, id: string) =>
  `${stored.linePrefix}${time}#${id}`;
const yearPrefixOf = <L extends Chained>(stored: StoredBook<L>, year: number) =>
  `${stored.linePrefix}${String(year).padStart(4, '0')}-`;
/** Sorts after every line's key: the upper end of a Query over all of them. */
const lastKeyOf = <L extends Chained>(stored: StoredBook<L>) => `${stored.linePrefix}~`;

/** A line as stored: the facility's partition, its time first in the sort key. */
export const chainLineItem = <L extends Chained>(
  stored: StoredBook<L>,
  tenant: Tenant,
  line: L,
): Record<string, unknown> => {
  const name = nameOf(stored.book, line);
  return {
    ...(line as Record<string, unknown>),
    // After the line: its keys are the tenant's and the line's, whatever members a line read back might carry.
    PK: keys.tenant(tenant),
    SK: lineKeyOf(stored, name[stored.book.timeMember]!, name[stored.book.idMember]!),
    Type: stored.lineType,
  };
};

/**
 * The head moves from `previous` to `line` in the writer's transaction: a writer that read another head (another
 * came first) fails and reads again, so the chain never forks.
 */
export const chainHeadItem = <L extends Chained>(
  tableName: string,
  stored: StoredBook<L>,
  tenant: Tenant,
  previous: string | null,
  line: L | ChainHead,
): TransactWriteItem => ({
  Put: {
    TableName: tableName,
    Item: {
      PK: keys.tenant(tenant),
      SK: stored.headKey,
      Type: stored.headType,
      LineSha256: line.LineSha256,
      ...nameOf(stored.book, line as L),
    },
    // Without a head (the first line, or a table rebuilt from an export) the last line by key stood in for it.
    ConditionExpression:
      previous === null ? 'attribute_not_exists(PK)' : 'attribute_not_exists(PK) OR LineSha256 = :previous',
    ...(previous === null ? {} : { ExpressionAttributeValues: { ':previous': previous } }),
  },
});

/** What the writers and readers of a book ask of the table. */
export interface ChainStore<L extends Chained> {
  /** A year's lines in the facility, oldest first. */
  list(tenant: Tenant, year: number): Promise<L[]>;
  /** The same, with only `fields` read. */
  list<F extends keyof L>(tenant: Tenant, year: number, fields: readonly F[]): Promise<Pick<L, F>[]>;
  /** The hash of the facility's last line (the chain's head), or null before its first. */
  head(tenant: Tenant): Promise<string | null>;
  /** The hash of the facility's last line before `year` (where the year's chain starts), or null. */
  before(tenant: Tenant, year: number): Promise<string | null>;
}

export function dynamoChainStore<L extends Chained>(
  db: DynamoDBDocumentClient,
  tableName: string,
  stored: StoredBook<L>,
): ChainStore<L> & {
  /** The lines of [from, until) (UTC timestamps of their time member), oldest first. */
  between(tenant: Tenant, from: string, until: string): Promise<L[]>;
  /** Every line of the facility, oldest first (a moment of the past is replayed from them). */
  all(tenant: Tenant): Promise<L[]>;
} {
  /**
   * The end of the chain among the lines before `upper` (a sort key): of the last few by key, the one no other
   * follows (lines booked in the same second sort by id, not by their order in the chain).
   */
  const lastBefore = async (tenant: Tenant, upper: string) => {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ':from': stored.linePrefix, ':to': upper },
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
  const read = async (tenant: Tenant, condition: string, values: Record<string, string>, fields = stored.fields) => {
    const names = Object.fromEntries(fields.map((f, i) => [`#f${i}`, f]));
    const items = await queryAll(db, tableName, {
      KeyConditionExpression: `PK = :pk AND ${condition}`,
      ExpressionAttributeValues: { ':pk': keys.tenant(tenant), ...values },
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
    });
    const kept = (item: Record<string, unknown>, f: keyof L & string) => f in item || !stored.laterFields?.includes(f);
    return items.map(
      (item) =>
        Object.fromEntries(fields.filter((f) => kept(item, f)).map((f) => [f, item[f] ?? null])) as unknown as L,
    );
  };
  return {
    list: ((tenant: Tenant, year: number, fields: readonly (keyof L & string)[] = stored.fields) =>
      read(
        tenant,
        'begins_with(SK, :prefix)',
        { ':prefix': yearPrefixOf(stored, year) },
        fields,
      )) as ChainStore<L>['list'],

    all: (tenant) => read(tenant, 'begins_with(SK, :prefix)', { ':prefix': stored.linePrefix }),

    between: (tenant, from, until) =>
      // `#` sorts before every character of a time: a line of second `until` is left out, one of `from` is in.
      read(tenant, 'SK BETWEEN :from AND :to', {
        ':from': `${stored.linePrefix}${from}`,
        ':to': `${stored.linePrefix}${until}`,
      }),

    async head(tenant) {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: stored.headKey },
          ConsistentRead: true,
        }),
      );
      if (out.Item) return out.Item.LineSha256 as string;
      // No head item (a table restored from an export): the chain ends at the last line.
      return (await lastBefore(tenant, lastKeyOf(stored))) ?? null;
    },

    async before(tenant, year) {
      return (await lastBefore(tenant, yearPrefixOf(stored, year))) ?? null;
    },
  };
}

/**
 * What the rebuild operation does with a book in the table beside reading a year's lines: it finds the years that
 * hold a facility's lines, puts back a line the table lacks (never over an item), and moves the head onto the chain's
 * true end when lines restored after it left it behind. Nothing here changes a line.
 */
export function dynamoChainRepair<L extends Chained>(
  db: DynamoDBDocumentClient,
  tableName: string,
  stored: StoredBook<L>,
) {
  const yearOfKey = (sk: string) => Number(sk.slice(stored.linePrefix.length, stored.linePrefix.length + 4));
  const linkFields = ['LineSha256', 'PreviousSha256', stored.book.timeMember, stored.book.idMember];
  const linkNames = Object.fromEntries(linkFields.map((f, i) => [`#l${i}`, f]));
  return {
    /** The first year after `year` in which the facility has a line, or undefined. */
    async nextYear(tenant: Tenant, year: number): Promise<number | undefined> {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.tenant(tenant),
            ':from': yearPrefixOf(stored, year + 1),
            ':to': lastKeyOf(stored),
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
    restore(tenant: Tenant, line: L): Promise<boolean> {
      return writtenUnlessTaken(
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: chainLineItem(stored, tenant, line),
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        ),
      );
    },

    /** The head item, or undefined (a table restored from an export: the last line stands in for it). */
    async head(tenant: Tenant): Promise<ChainHead | undefined> {
      const out = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: keys.tenant(tenant), SK: stored.headKey },
          ProjectionExpression: ['LineSha256', stored.book.timeMember, stored.book.idMember]
            .map((_, i) => `#h${i}`)
            .join(', '),
          ExpressionAttributeNames: Object.fromEntries(
            ['LineSha256', stored.book.timeMember, stored.book.idMember].map((f, i) => [`#h${i}`, f]),
          ),
          ConsistentRead: true,
        }),
      );
      return out.Item as ChainHead | undefined;
    },

    /** The links of the lines of the second of `time` or later: what may follow a line of then. */
    async linksFrom(tenant: Tenant, time: string): Promise<ChainLink[]> {
      const items = await queryAll(db, tableName, {
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.tenant(tenant),
          ':from': lineKeyOf(stored, time, ''),
          ':to': lastKeyOf(stored),
        },
        ProjectionExpression: Object.keys(linkNames).join(', '),
        ExpressionAttributeNames: linkNames,
        ConsistentRead: true,
      });
      return items as unknown as ChainLink[];
    },

    /** Moves the head from the line hashed `from` to `to`; false when a writer moved it meanwhile (it stays). */
    moveHead(tenant: Tenant, from: string, to: ChainHead): Promise<boolean> {
      return writtenUnlessTaken(db.send(new PutCommand(chainHeadItem(tableName, stored, tenant, from, to).Put!)));
    },
  };
}
export type ChainRepair = ReturnType<typeof dynamoChainRepair>;
