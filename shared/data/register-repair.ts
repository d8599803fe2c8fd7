/**
 * What rebuildReleaseRegister does with the table (shared/operations/rebuild-release-register.ts) beside reading a
 * year's lines: the chain store's repair (shared/data/chain-store.ts) over the release register.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RegisterLine } from '../domain/release-register';
import { dynamoChainRepair } from './chain-store';
import { STORED_REGISTER } from './releases';

/** The chain's head item: the facility's last line, as the last release (or rebuild) left it. */
export type RegisterHead = Pick<RegisterLine, 'LineSha256' | 'ReleasedAt' | 'ContainerUuid'>;
/** A line's place in the chain, without its content. */
export type LineLink = RegisterHead & Pick<RegisterLine, 'PreviousSha256'>;

export const dynamoRegisterRepair = (db: DynamoDBDocumentClient, tableName: string) =>
  dynamoChainRepair(db, tableName, STORED_REGISTER);
