/**
 * shared/operations/stored-shapes.ts: the stored shape of each record type that is not the table's bookkeeping. An
 * item as its store writes it holds, index keys and all; a member of the wrong size, enum or format does not; a notice
 * naming the former SPECIFIC_DISPOSAL is an older shape of a legal document, not an invalid record.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { noticeItem } from '../../../shared/data/clearance-notices';
import { containerItem, linkItem } from '../../../shared/data/container-items';
import { documentItem } from '../../../shared/data/documents';
import { settingsItem } from '../../../shared/data/facility-settings';
import { maintenanceItem } from '../../../shared/data/maintenance';
import { releaseEntryItem } from '../../../shared/data/releases';
import { isBookkeeping, ITEM_TYPES, keys } from '../../../shared/data/table';
import { createContainer } from '../../../shared/domain/container-rules';
import { newDocument } from '../../../shared/domain/document';
import { defaultSettings } from '../../../shared/domain/facility-settings';
import { createLicence } from '../../../shared/domain/licence';
import { createEntry } from '../../../shared/domain/maintenance';
import { STORED_SCHEMAS } from '../../../shared/operations/stored-shapes';
import { LICENCE } from '../../support/memory/material';
import { noticeFixture } from '../../support/memory/release-sources';
import { registerLine } from '../../support/register-lines';

const tenant = { client: 'c1', facility: 'f1' };
const now = new Date('2026-11-20T08:00:00Z');
const container = containerItem(createContainer(tenant, 'u1', { Name: 'Box', Weight: 2, MeasuredBy: 'p1' }, [], now));
const document = documentItem(
  newDocument(tenant, 'd1', { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: 'a.pdf' }, now),
);
const entry = maintenanceItem(
  createEntry(
    tenant,
    'm1',
    { IncidentTitle: 'T', IncidentCause: 'C', IncidentDateStart: '2026-03-01 08:00:00' },
    'p1',
    now,
  ),
);
const link = linkItem(tenant, 'u1', { kind: 'CYCLOTRON_PRODUCT', id: 'f-1', nuclide: 'F-18' });
const line = releaseEntryItem(tenant, registerLine('2026-11-20 09:00:00', null, 'a'));
const settings = settingsItem(defaultSettings(tenant, now));
const licence = {
  PK: keys.tenant(tenant),
  SK: keys.licence('l1'),
  Type: ITEM_TYPES.licence,
  ...createLicence(tenant, 'l1', LICENCE, now),
};
const notice = noticeItem(noticeFixture(tenant));

/** Whether an item holds under the stored shape of its Type. */
const holds = (item: Record<string, unknown>) => v.safeParse(STORED_SCHEMAS[String(item.Type)]!, item).success;

describe('the stored shapes', () => {
  it('have one for every record type that is not bookkeeping', () => {
    const types = Object.values(ITEM_TYPES).filter((Type) => !isBookkeeping({ Type }));
    expect(Object.keys(STORED_SCHEMAS).sort()).toEqual([...types].sort());
  });

  it('take each item as its store writes it, with its keys and index keys beside', () => {
    for (const item of [container, document, entry, link, line, settings, licence, notice])
      expect(holds(item), String(item.Type)).toBe(true);
  });

  it('refuse a member of the wrong size, enum or format, and a missing one', () => {
    expect(holds({ ...container, State: 'GONE' })).toBe(false);
    expect(holds({ ...container, Version: 0 })).toBe(false);
    expect(holds({ ...document, Uuid: 'd 1' })).toBe(false);
    expect(holds({ ...entry, CreatedAt: '2026-11-20T08:00:00Z' })).toBe(false);
    expect(holds({ ...line, ReleaseType: 'ANY' })).toBe(false);
    expect(holds({ ...settings, TimeZone: 'Mars/Olympus' })).toBe(false);
    expect(holds({ ...licence, Limits: [] })).toBe(false);
    const { ContainerUuid: _, ...orphan } = link;
    expect(holds(orphan)).toBe(false);
  });

  it('keep a notice naming SPECIFIC_DISPOSAL until the migration has run', () => {
    expect(holds({ ...notice, ReleaseTypes: ['SPECIFIC_DISPOSAL'] })).toBe(true);
    expect(holds({ ...notice, ReleaseTypes: ['ANY'] })).toBe(false);
  });
});
