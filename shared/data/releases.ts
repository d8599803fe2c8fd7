/**
 * The release register (StrlSchV § 86 Abs. 1 Nr. 1) in the table: a chained book (shared/data/chain-store.ts), one
 * item per release in the facility's partition, written in the release's own transaction (shared/data/containers.ts),
 * keyed by the time of the release (`RELEASE#{released at}#{container}`); its head item (`REGISTER#HEAD`) holds the
 * facility's last line's hash. Each line is also kept as a locked object beside the record PDFs (the archive).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { RELEASE_REGISTER } from '../domain/register-chain';
import { LATER_MEMBERS, type RegisterLine, SURVEY_LINE_FIELDS, SURVEY_MEMBERS } from '../domain/release-register';
import { type ChainStore, chainHeadItem, chainLineItem, dynamoChainStore, type StoredBook } from './chain-store';
import { ITEM_TYPES, keys, type Tenant } from './table';
import type { TransactWriteItem } from './transact';

/** The register as the table keeps it. */
export const STORED_REGISTER: StoredBook<RegisterLine> = {
  book: RELEASE_REGISTER,
  linePrefix: keys.releaseEntryPrefix,
  headKey: keys.registerHead,
  lineType: ITEM_TYPES.releaseEntry,
  headType: ITEM_TYPES.registerHead,
  // Every member a line of any regime has; a German line has no survey members (and one booked before issue 36 no
  // LATER_MEMBERS): each is read with the members it was booked with.
  fields: SURVEY_LINE_FIELDS,
  laterFields: [...LATER_MEMBERS, ...SURVEY_MEMBERS],
};

export type ReleaseRegisterStore = ChainStore<RegisterLine>;

/** A register line as stored: the facility's partition, the time of the release first in the sort key. */
export const releaseEntryItem = (tenant: Tenant, line: RegisterLine) => chainLineItem(STORED_REGISTER, tenant, line);

/**
 * The chain's head moves from `previous` to `line` in the release's transaction: a release that read another head
 * (another release came first) fails and reads again, so the chain never forks.
 */
export const registerHeadItem = (
  tableName: string,
  tenant: Tenant,
  previous: string | null,
  line: Pick<RegisterLine, 'LineSha256' | 'ReleasedAt' | 'ContainerUuid'>,
): TransactWriteItem => chainHeadItem(tableName, STORED_REGISTER, tenant, previous, line);

export const dynamoReleaseRegister = (db: DynamoDBDocumentClient, tableName: string): ReleaseRegisterStore =>
  dynamoChainStore(db, tableName, STORED_REGISTER);
