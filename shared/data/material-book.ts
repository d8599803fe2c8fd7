/**
 * The book of radioactive material (StrlSchV § 85) in the table: a chained book (shared/data/chain-store.ts), one item
 * per line in the facility's partition (`BOOK#{booked at}#{line}`), written in the transaction of what it books; its
 * head item (`REGISTER#HEAD#MATERIAL_BOOK`) holds the facility's last line's hash, so two bookings at once cannot both
 * follow it (the second reads the head again). Each line is also kept as a locked object in the records bucket.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BOOK_FIELDS, type BookLine, MATERIAL_BOOK } from '../domain/material-book';
import { chainHeadItem, chainLineItem, dynamoChainStore, type StoredBook } from './chain-store';
import { ITEM_TYPES, keys, type Tenant } from './table';
import { newPut, type TransactWriteItem } from './transact';

export const STORED_MATERIAL_BOOK: StoredBook<BookLine> = {
  book: MATERIAL_BOOK,
  linePrefix: keys.bookLinePrefix,
  headKey: keys.bookHead,
  lineType: ITEM_TYPES.bookLine,
  headType: ITEM_TYPES.bookHead,
  fields: BOOK_FIELDS,
};

/** A line booked after the head a writer read: what its transaction adds. */
export interface BookWrite {
  line: BookLine;
  /** The head the writer read (the line's PreviousSha256). */
  previous: string | null;
}

/** The transaction items of booking a line: the line (never over one) and the head moved onto it. */
export const bookItems = (tableName: string, tenant: Tenant, write: BookWrite): TransactWriteItem[] => [
  newPut(tableName, chainLineItem(STORED_MATERIAL_BOOK, tenant, write.line)),
  chainHeadItem(tableName, STORED_MATERIAL_BOOK, tenant, write.previous, write.line),
];

export const dynamoMaterialBook = (db: DynamoDBDocumentClient, tableName: string) =>
  dynamoChainStore(db, tableName, STORED_MATERIAL_BOOK);
export type MaterialBookStore = ReturnType<typeof dynamoMaterialBook>;
