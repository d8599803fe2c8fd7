/**
 * The item types the sequence memory counts, and what each counts in: the one registry the stream
 * processor, its event filter in the stack and the local runtime's stream delivery read.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { documentMembership } from './documents';
import { maintenanceMembership } from './maintenance';
import { NO_MEMBERSHIP, type ChangeRecord, type Membership } from './sequence-writer';

const counted: Record<string, (item: Record<string, unknown>) => Membership> = {
  Document: documentMembership,
  MaintenanceLogEntry: maintenanceMembership,
};

/** The `Type` values whose changes the stream processor receives. */
export const COUNTED_TYPES = Object.keys(counted);

/** At most this many changes per invocation of the stream processor (on AWS and locally). */
export const STREAM_BATCH_SIZE = 100;

export function membershipOf(item: Record<string, unknown> | undefined): Membership {
  const of = item && counted[String(item.Type)];
  return of ? of(item) : NO_MEMBERSHIP;
}

type Image = Parameters<typeof unmarshall>[0];

/** A stream record (as Lambda delivers it, and as the Streams API reads it) as the writer takes it. */
export function changeRecordOf(record: DynamoDBRecord): ChangeRecord {
  const image = (value: unknown) => (value ? unmarshall(value as Image) : undefined);
  return {
    sequenceNumber: record.dynamodb?.SequenceNumber ?? '0',
    before: image(record.dynamodb?.OldImage),
    after: image(record.dynamodb?.NewImage),
  };
}
