/**
 * shared/schemas/fields.ts `schemasOf`: the bodies, members and model of each resource agree with
 * its field table (shared/domain/*.ts), so a writable field added to the table and not to the
 * schemas (or the other way round) fails here as well as in the compiler.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CONTAINER_FIELDS, CONTAINER_MUTABLE_FIELDS, CONTAINER_TABLE } from '../../../shared/domain/container-fields';
import { defaultContainerModel, toContainerModel } from '../../../shared/domain/container-model';
import { createContainer } from '../../../shared/domain/container-rules';
import {
  DOCUMENT_FIELDS,
  DOCUMENT_HIDDEN_FIELDS,
  DOCUMENT_MUTABLE_FIELDS,
  DOCUMENT_TABLE,
  newDocument,
  toDocumentModel,
} from '../../../shared/domain/document';
import type { FieldTable } from '../../../shared/domain/fields';
import {
  createEntry,
  MAINTENANCE_FIELDS,
  MAINTENANCE_MUTABLE_FIELDS,
  MAINTENANCE_TABLE,
  toMaintenanceModel,
} from '../../../shared/domain/maintenance';
import {
  containerCreateSchema,
  containerDefaultModel,
  containerMembers,
  containerModel,
  containerUpdateSchema,
} from '../../../shared/schemas/container';
import {
  documentCreateSchema,
  documentMembers,
  documentModel,
  documentUpdateSchema,
} from '../../../shared/schemas/document';
import {
  maintenanceCreateSchema,
  maintenanceMembers,
  maintenanceModel,
  maintenanceUpdateSchema,
} from '../../../shared/schemas/maintenance';

const tenant = { client: 'c1', facility: 'f1' };
const now = new Date('2026-03-01T12:00:00Z');
const container = createContainer(tenant, 'u1', { Name: 'Box', Weight: 2, MeasuredBy: 'p1' }, [], now);
const document = newDocument(tenant, 'd1', { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'a.pdf' }, now);
const entry = createEntry(
  tenant,
  'm1',
  { IncidentTitle: 'T', IncidentCause: 'C', IncidentDateStart: '2026-03-01 08:00:00' },
  'p1',
  now,
);

interface Case {
  name: string;
  table: FieldTable;
  fields: readonly string[];
  writable: readonly string[];
  hidden: readonly string[];
  create: { entries: v.ObjectEntries };
  update: { entries: v.ObjectEntries };
  members: { writable: readonly string[]; readOnly: readonly string[] };
  model: v.StrictObjectSchema<v.ObjectEntries, undefined>;
  presented: unknown;
}

const cases: Case[] = [
  {
    name: 'container',
    table: CONTAINER_TABLE,
    fields: CONTAINER_FIELDS,
    writable: CONTAINER_MUTABLE_FIELDS,
    hidden: [],
    create: containerCreateSchema,
    update: containerUpdateSchema,
    members: containerMembers,
    model: containerModel,
    presented: toContainerModel(
      { record: container, links: [], dispatchId: null, disposeId: null },
      new Map([['p1', 'Pat']]),
      now,
    ),
  },
  {
    name: 'document',
    table: DOCUMENT_TABLE,
    fields: DOCUMENT_FIELDS,
    writable: DOCUMENT_MUTABLE_FIELDS,
    hidden: DOCUMENT_HIDDEN_FIELDS,
    create: documentCreateSchema,
    update: documentUpdateSchema,
    members: documentMembers,
    model: documentModel,
    presented: toDocumentModel(document, null),
  },
  {
    name: 'log entry',
    table: MAINTENANCE_TABLE,
    fields: MAINTENANCE_FIELDS,
    writable: MAINTENANCE_MUTABLE_FIELDS,
    hidden: [],
    create: maintenanceCreateSchema,
    update: maintenanceUpdateSchema,
    members: maintenanceMembers,
    model: maintenanceModel,
    presented: toMaintenanceModel(entry, { person: () => 'Pat', device: () => null }),
  },
];

const sorted = (names: Iterable<string>) => [...names].sort();

describe.each(cases)(
  'the $name schemas',
  ({ table, fields, writable, hidden, create, update, members, model, presented }) => {
    it('take exactly the writable fields as body members', () => {
      expect(sorted(Object.keys(update.entries))).toEqual(sorted(writable));
      expect(sorted(Object.keys(create.entries))).toEqual(sorted(writable));
      expect(members.writable).toEqual(writable);
    });

    it('require on create exactly the required fields; accept null exactly where the table does', () => {
      const requiredOnCreate = Object.entries(create.entries)
        .filter(([, schema]) => schema.type !== 'optional')
        .map(([name]) => name);
      expect(sorted(requiredOnCreate)).toEqual(sorted(writable.filter((f) => table[f]!.required)));
      for (const field of writable) {
        expect(v.safeParse(update.entries[field]!, null).success, field).toBe(table[field]!.nullable);
        expect(v.safeParse(update.entries[field]!, undefined).success, field).toBe(true);
      }
    });

    it('sort every other field (and the hidden members) as read-only', () => {
      expect(sorted(members.readOnly)).toEqual(sorted([...fields.filter((f) => !writable.includes(f)), ...hidden]));
    });

    it('model exactly the fields, in order, and the presenter answers that model', () => {
      expect(Object.keys(model.entries)).toEqual([...fields]);
      expect(v.safeParse(model, presented).issues).toBeUndefined();
    });
  },
);

describe('the container schemas', () => {
  it('validate body members in the table order (details come in that order)', () => {
    expect(Object.keys(containerUpdateSchema.entries)).toEqual([...CONTAINER_MUTABLE_FIELDS]);
    expect(Object.keys(maintenanceUpdateSchema.entries)).toEqual([...MAINTENANCE_MUTABLE_FIELDS]);
  });

  it("model loadDefault's item: the tenant and the defaults, null elsewhere", () => {
    expect(Object.keys(containerDefaultModel.entries)).toEqual([...CONTAINER_FIELDS]);
    expect(v.safeParse(containerDefaultModel, defaultContainerModel(tenant)).issues).toBeUndefined();
  });
});

describe('the document schemas', () => {
  it('validate Filename before State, as DESIGN §5 lists the members', () => {
    expect(Object.keys(documentCreateSchema.entries)).toEqual(['Scope', 'ScopeReference', 'Filename', 'State']);
  });
});
