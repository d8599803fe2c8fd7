/**
 * shared/data/counted.ts: which stream records reach each consumer of the stream function (the filters the stack
 * gives its event source mappings, as the local runtime applies them), and what a counted item counts in.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  changeRecordOf,
  COUNTED_TYPES,
  membershipOf,
  passesStreamFilters,
  STREAM_CONSUMERS,
} from '../../../shared/data/counted';
import { documentItem } from '../../../shared/data/documents';
import { NO_MEMBERSHIP } from '../../../shared/data/sequence-writer';
import { newDocument } from '../../../shared/domain/document';

const tenant = { client: 'c1', facility: 'f1' };
const now = new Date('2026-11-20T08:00:00Z');
const document = documentItem(
  newDocument(tenant, 'd1', { Scope: 'RECORD', ScopeReference: 'r', Filename: 'a.pdf' }, now),
);
const container = { PK: 'C#c1#F#f1', SK: 'CONTAINER#u1#DATA', Type: 'Container', Facility: 'f1', Client: 'c1' };
const wire = (eventName: string, images: { NewImage?: object; OldImage?: object }, pk = 'C#c1#F#f1') => ({
  eventName,
  dynamodb: {
    Keys: { PK: { S: pk } },
    ...(images.NewImage ? { NewImage: marshall(images.NewImage) } : {}),
    ...(images.OldImage ? { OldImage: marshall(images.OldImage) } : {}),
  },
});

describe('the stream consumers', () => {
  it('are the two the stack maps: the counted changes and the other creations of a facility', () => {
    expect(Object.keys(STREAM_CONSUMERS)).toEqual(['counted', 'created']);
    expect(COUNTED_TYPES).toEqual(['Document', 'MaintenanceLogEntry', 'MaterialItem']);
  });

  it('give the counted consumer every change of a counted item: created, changed or removed', () => {
    expect(passesStreamFilters('counted', wire('INSERT', { NewImage: document }))).toBe(true);
    expect(passesStreamFilters('counted', wire('REMOVE', { OldImage: document }))).toBe(true);
    expect(passesStreamFilters('counted', wire('INSERT', { NewImage: container }))).toBe(false);
  });

  it("give the created consumer a facility's other new records only: no change, counted item or facility entry", () => {
    expect(passesStreamFilters('created', wire('INSERT', { NewImage: container }))).toBe(true);
    expect(passesStreamFilters('created', wire('MODIFY', { NewImage: container, OldImage: container }))).toBe(false);
    expect(passesStreamFilters('created', wire('INSERT', { NewImage: document }))).toBe(false);
    expect(passesStreamFilters('created', wire('INSERT', { NewImage: { ...container, Type: 'Facility' } }))).toBe(
      false,
    );
    const { Facility: _, ...link } = container;
    expect(passesStreamFilters('created', wire('INSERT', { NewImage: link }))).toBe(false);
    expect(passesStreamFilters('created', wire('INSERT', { NewImage: container }, 'FACILITY#x'))).toBe(false);
  });
});

describe('a change as the sequence writer takes it', () => {
  it('is its images unmarshalled and its sequence number', () => {
    const record = wire('MODIFY', {
      NewImage: container,
      OldImage: { ...container, Type: 'Container' },
    }) as DynamoDBRecord;
    record.dynamodb!.SequenceNumber = '42';
    expect(changeRecordOf(record)).toEqual({ sequenceNumber: '42', before: container, after: container });
  });

  it('counts a counted item in its counters and pages, anything else in nothing', () => {
    const membership = membershipOf(document);
    expect(membership.counters.length).toBeGreaterThan(0);
    expect(membership.pages.length).toBeGreaterThan(0);
    expect(membershipOf(container)).toEqual(NO_MEMBERSHIP);
    expect(membershipOf(undefined)).toEqual(NO_MEMBERSHIP);
  });
});
