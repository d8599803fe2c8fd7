/**
 * The item types the sequence memory counts, and what each counts in: the one registry the stream
 * processor, its event filter in the stack and the local runtime's stream delivery read. The processor also gets
 * every creation in a tenant's partition: the first in a facility enters it in the facility index.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { documentMembership } from './documents';
import { maintenanceMembership } from './maintenance';
import { materialMembership } from './material-keys';
import { NO_MEMBERSHIP, type ChangeRecord, type Membership } from './sequence-writer';
import { ITEM_TYPES, TENANT_PARTITION_PREFIX } from './table';

// biome-ignore lint/suspicious/noExplicitAny: a stream image as the wire has it (attribute values by type)
type Image = Record<string, any>;

const counted: Record<string, (item: Record<string, unknown>) => Membership> = {
  Document: documentMembership,
  MaintenanceLogEntry: maintenanceMembership,
  MaterialItem: materialMembership,
};

/** The `Type` values whose changes the stream processor receives. */
export const COUNTED_TYPES = Object.keys(counted);

/**
 * The stream's consumers: the stream function's two event source mappings, each with its own filter (Lambda event
 * filtering patterns; any one lets a record through) and so its own batches. `counted`: the changes of the counted
 * types (counters, page buckets). `created`: the creation of a facility's other records (they name their `Facility`:
 * containers, ...; not its links, audit entries or facility entry, nor a client's directory), the first of which
 * enters the facility in the facility index. Apart, a burst of container writes never thins the counted batches.
 */
export const STREAM_CONSUMERS = {
  counted: [
    { dynamodb: { NewImage: { Type: { S: COUNTED_TYPES } } } },
    { dynamodb: { OldImage: { Type: { S: COUNTED_TYPES } } } },
  ],
  created: [
    {
      eventName: ['INSERT'],
      dynamodb: {
        Keys: { PK: { S: [{ prefix: TENANT_PARTITION_PREFIX }] } },
        NewImage: {
          Facility: { S: [{ exists: true }] },
          Type: { S: [{ 'anything-but': [ITEM_TYPES.facility, ...COUNTED_TYPES] }] },
        },
      },
    },
  ],
};
export type StreamConsumer = keyof typeof STREAM_CONSUMERS;

type WireRecord = {
  eventName?: string;
  dynamodb?: { Keys?: { PK?: { S?: string } }; NewImage?: Image; OldImage?: Image };
};

/** What a consumer's filter lets through, for the local runtime's delivery (its patterns above, case by case). */
export function passesStreamFilters(consumer: StreamConsumer, record: WireRecord): boolean {
  const counted = (image: Image | undefined) => COUNTED_TYPES.includes(String(image?.Type?.S ?? ''));
  if (consumer === 'counted') return counted(record.dynamodb?.NewImage) || counted(record.dynamodb?.OldImage);
  const image = record.dynamodb?.NewImage;
  return (
    record.eventName === 'INSERT' &&
    (record.dynamodb?.Keys?.PK?.S ?? '').startsWith(TENANT_PARTITION_PREFIX) &&
    image?.Facility?.S !== undefined &&
    image?.Type?.S !== ITEM_TYPES.facility &&
    !counted(image)
  );
}

/** At most this many changes per invocation of the stream processor (on AWS and locally). */
export const STREAM_BATCH_SIZE = 100;

export function membershipOf(item: Record<string, unknown> | undefined): Membership {
  const of = item && counted[String(item.Type)];
  return of ? of(item) : NO_MEMBERSHIP;
}

/** A stream record (as Lambda delivers it, and as the Streams API reads it) as the writer takes it. */
export function changeRecordOf(record: DynamoDBRecord): ChangeRecord {
  const image = (value: unknown) => (value ? unmarshall(value as Image) : undefined);
  return {
    sequenceNumber: record.dynamodb?.SequenceNumber ?? '0',
    before: image(record.dynamodb?.OldImage),
    after: image(record.dynamodb?.NewImage),
  };
}
