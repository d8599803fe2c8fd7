/**
 * shared/domain/fields.ts: what a field table derives (field and writable lists, stored attributes,
 * defaults, the presenter), on a small table and on the three models' tables.
 */
import { describe, expect, it } from 'vitest';
import { CONTAINER_FIELDS, CONTAINER_MUTABLE_FIELDS, CONTAINER_TABLE } from '../../../shared/domain/container-fields';
import { toContainerModel } from '../../../shared/domain/container-model';
import { createContainer } from '../../../shared/domain/container-rules';
import {
  DOCUMENT_FIELDS,
  DOCUMENT_MUTABLE_FIELDS,
  DOCUMENT_TABLE,
  newDocument,
  toDocumentModel,
} from '../../../shared/domain/document';
import {
  clearable,
  computed,
  defaultsOf,
  type FieldTable,
  fieldsOf,
  kept,
  presentModel,
  recordFieldsOf,
  required,
  writable,
  writableFieldsOf,
} from '../../../shared/domain/fields';
import {
  createEntry,
  MAINTENANCE_FIELDS,
  MAINTENANCE_MUTABLE_FIELDS,
  MAINTENANCE_TABLE,
  toMaintenanceModel,
} from '../../../shared/domain/maintenance';

const sample = {
  Client: kept(),
  Colour: writable<string>('red'),
  ColourName: computed(),
  Size: required<number>(),
  Note: clearable<string>(),
  Owner: writable<string>(),
  Uuid: kept(),
} as const satisfies FieldTable;

describe('a field table', () => {
  it('lists its fields in its order, the writable ones in the same order', () => {
    expect(fieldsOf(sample)).toEqual(['Client', 'Colour', 'ColourName', 'Size', 'Note', 'Owner', 'Uuid']);
    expect(writableFieldsOf(sample)).toEqual(['Colour', 'Size', 'Note', 'Owner']);
  });

  it('stores every field but the computed ones, and the version', () => {
    expect(recordFieldsOf(sample)).toEqual(['Client', 'Colour', 'Size', 'Note', 'Owner', 'Uuid', 'Version']);
  });

  it('defaults a writable field to its default, or to null where null is allowed; a required one has none', () => {
    expect(defaultsOf(sample)).toEqual({ Colour: 'red', Note: null });
  });

  it('presents every field in its order: stored ones from the record, computed ones as given', () => {
    const record = {
      Client: 'c',
      Colour: 'blue',
      Size: 3,
      Note: null,
      Owner: 'o',
      Uuid: 'u',
      Version: 2,
      Extra: 'never shown',
    };
    const model = presentModel(sample, record, { ColourName: 'Blue' });
    expect(Object.entries(model)).toEqual([
      ['Client', 'c'],
      ['Colour', 'blue'],
      ['ColourName', 'Blue'],
      ['Size', 3],
      ['Note', null],
      ['Owner', 'o'],
      ['Uuid', 'u'],
    ]);
  });
});

const tenant = { client: 'c1', facility: 'f1' };
const now = new Date('2026-03-01T12:00:00Z');
const container = createContainer(tenant, 'u1', { Name: 'Box' }, [], now);
const document = newDocument(tenant, 'd1', { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'a.pdf' }, now);
const entry = createEntry(
  tenant,
  'm1',
  { IncidentTitle: 'T', IncidentCause: 'C', IncidentDateStart: '2026-03-01 08:00:00' },
  'p1',
  now,
);
const noNames = { person: () => null, device: () => null };

describe.each([
  {
    name: 'container',
    table: CONTAINER_TABLE,
    fields: CONTAINER_FIELDS,
    writable: CONTAINER_MUTABLE_FIELDS,
    size: 29,
    record: container,
    model: toContainerModel({ record: container, links: [], dispatchId: null, disposeId: null }, new Map(), now),
  },
  {
    name: 'document',
    table: DOCUMENT_TABLE,
    fields: DOCUMENT_FIELDS,
    writable: DOCUMENT_MUTABLE_FIELDS,
    size: 11,
    record: document,
    model: toDocumentModel(document, null),
  },
  {
    name: 'log entry',
    table: MAINTENANCE_TABLE,
    fields: MAINTENANCE_FIELDS,
    writable: MAINTENANCE_MUTABLE_FIELDS,
    size: 17,
    record: entry,
    model: toMaintenanceModel(entry, noNames),
  },
])('the $name table', ({ table, fields, writable: writableFields, size, record, model }) => {
  it('is the interface §2 list: its presenter answers exactly its fields, in order', () => {
    expect(fields).toHaveLength(size);
    expect(Object.keys(model)).toEqual([...fields]);
  });

  it('a created record holds every stored attribute, and its presenter shows them as stored', () => {
    for (const field of recordFieldsOf(table)) expect(record).toHaveProperty(field);
    for (const field of fields.filter((f) => (table as FieldTable)[f]!.access !== 'computed')) {
      expect(model[field as keyof typeof model]).toEqual(record[field as keyof typeof record]);
    }
  });

  it('a create sets every writable field: from the body, its default, or null', () => {
    for (const field of writableFields) expect(record[field as keyof typeof record], field).not.toBeUndefined();
    expect(writableFields).toEqual(expect.arrayContaining(Object.keys(defaultsOf(table))));
  });
});
