/**
 * shared/domain/material-book.ts: the book's lines. Each builder fills every member of a line (null where its entry
 * has none), so every line hashes the same members; a receipt is told from an elution by its generator, a movement
 * books its own kind, a correction names the line it corrects, a container leaving names its register line; the book
 * reads back only a value with exactly a line's members, keeps each line 30 years beside the release register, and
 * reports to the authority every entry but a move into a container and a correction.
 */
import { describe, expect, it } from 'vitest';
import { lineKey, lineSha256 } from '../../../shared/domain/chain';
import type { MaterialItem, Movement } from '../../../shared/domain/material';
import {
  BOOK_ENTRIES,
  BOOK_FIELDS,
  BOOK_RETENTION_YEARS,
  type Booking,
  chainBookLine,
  correctionLine,
  leavingLine,
  MATERIAL_BOOK,
  materialBookPrefix,
  movementLine,
  receiptLine,
  REPORTED_AS,
} from '../../../shared/domain/material-book';

const tenant = { client: 'c-1', facility: 'f-1' };
const booking: Booking = { lineUuid: 'line-1', at: '2026-11-20 08:15:00', by: 'ada', byName: 'Ada Lovelace' };
const generator: MaterialItem = {
  Client: 'c-1',
  Facility: 'f-1',
  Uuid: 'gen-1',
  Version: 1,
  CreatedAt: '2026-11-20 08:15:00',
  UpdatedAt: '2026-11-20 08:15:00',
  Kind: 'GENERATOR',
  Nuclide: 'Ge-68',
  ActivityBq: 1.85e9,
  ActivityDateTime: '2026-11-02 12:00:00',
  ReceivedAt: '2026-11-20 08:00:00',
  ReceivedBy: 'ada',
  Supplier: 'Eckert & Ziegler',
  Batch: 'GG-2611-07',
  ChemicalForm: '[68Ge]GeCl4 on TiO2',
  Impurities: [],
  CertificateDocumentUuid: 'cert-1',
  ParentUuid: null,
  LicenceUuid: 'licence-1',
  LicenceExceeded: null,
  LineUuid: 'line-1',
  Movements: [],
  State: 'IN_STOCK',
};
const eluate: MaterialItem = {
  ...generator,
  Uuid: 'eluate-1',
  Kind: 'ELUATE',
  Nuclide: 'Ga-68',
  ActivityBq: 1e9,
  ActivityDateTime: '2026-11-20 09:00:00',
  ReceivedAt: '2026-11-20 09:00:00',
  Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
  CertificateDocumentUuid: null,
  ParentUuid: 'gen-1',
};
const movement: Movement = {
  Uuid: 'move-1',
  Kind: 'TO_CONTAINER',
  ActivityBq: 2e8,
  MovedAt: '2026-11-20 10:00:00',
  Portion: 0.37,
  Applications: null,
  ContainerUuid: 'box-1',
  Recipient: null,
  Justification: null,
  MovedBy: 'ada',
  LineUuid: 'line-2',
  CorrectedBy: null,
};
const MEMBERS = BOOK_FIELDS.filter((f) => f !== 'PreviousSha256' && f !== 'LineSha256');
/** The members a line sets, beside the ones every line has. */
const set = (line: object) =>
  Object.fromEntries(
    Object.entries(line).filter(
      ([k, v]) => v !== null && !['BookedAt', 'BookedBy', 'BookedByName', 'LineUuid'].includes(k),
    ),
  );

describe('the line builders', () => {
  it('book a receipt as the item came, with the licence it was checked against; an eluate as an elution', () => {
    const line = receiptLine(booking, generator, null);
    expect(Object.keys(line).sort()).toEqual([...MEMBERS].sort());
    expect(set(line)).toEqual({
      Entry: 'RECEIPT',
      OccurredAt: '2026-11-20 08:00:00',
      ItemUuid: 'gen-1',
      ItemKind: 'GENERATOR',
      Nuclide: 'Ge-68',
      ActivityBq: 1.85e9,
      ActivityDateTime: '2026-11-02 12:00:00',
      Impurities: [],
      Supplier: 'Eckert & Ziegler',
      Batch: 'GG-2611-07',
      ChemicalForm: '[68Ge]GeCl4 on TiO2',
      LicenceUuid: 'licence-1',
      LicenceExceeded: false,
    });
    const knowingly = receiptLine(
      booking,
      { ...eluate, LicenceUuid: null, LicenceExceeded: { Justification: 'Delivered after hours' } },
      'Delivered after hours',
    );
    expect(knowingly).toMatchObject({
      Entry: 'ELUTION',
      ParentUuid: 'gen-1',
      Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
      LicenceUuid: null,
      LicenceExceeded: true,
      Justification: 'Delivered after hours',
    });
  });

  it('book a movement as its own kind, at the time it was made, with what its kind names', () => {
    const line = movementLine({ ...booking, lineUuid: 'line-2' }, eluate, movement);
    expect(Object.keys(line).sort()).toEqual([...MEMBERS].sort());
    expect(set(line)).toEqual({
      Entry: 'TO_CONTAINER',
      OccurredAt: '2026-11-20 10:00:00',
      ItemUuid: 'eluate-1',
      ItemKind: 'ELUATE',
      Nuclide: 'Ga-68',
      ActivityBq: 2e8,
      ActivityDateTime: '2026-11-20 10:00:00',
      Portion: 0.37,
      ContainerUuid: 'box-1',
    });
    const administered = movementLine(booking, eluate, {
      ...movement,
      Kind: 'ADMINISTERED',
      Applications: 3,
      ContainerUuid: null,
    });
    expect(administered).toMatchObject({ Entry: 'ADMINISTERED', Applications: 3, ContainerUuid: null });
  });

  it('book a correction now, naming the line it corrects and why', () => {
    const line = correctionLine(
      { ...booking, lineUuid: 'line-3', at: '2026-11-20 11:00:00' },
      eluate,
      movement,
      'taken out',
    );
    expect(Object.keys(line).sort()).toEqual([...MEMBERS].sort());
    expect(set(line)).toEqual({
      Entry: 'CORRECTION',
      OccurredAt: '2026-11-20 11:00:00',
      ItemUuid: 'eluate-1',
      ItemKind: 'ELUATE',
      Nuclide: 'Ga-68',
      ActivityBq: 2e8,
      ActivityDateTime: '2026-11-20 10:00:00',
      Portion: 0.37,
      ContainerUuid: 'box-1',
      Justification: 'taken out',
      Corrects: 'line-2',
    });
  });

  it('book a container leaving with its contents: released with its register line, dispatched with none', () => {
    const contents = [
      { ItemUuid: 'eluate-1', Nuclide: 'Ga-68', ActivityBq: 1 },
      { ItemUuid: 'eluate-1', Nuclide: 'Ge-68', ActivityBq: 3000 },
    ];
    const released = leavingLine(booking, 'RELEASED', { uuid: 'box-1', at: '2027-02-01 10:00:00' }, contents, {
      type: 'UNRESTRICTED',
      registerLineSha256: 'a'.repeat(64),
    });
    expect(Object.keys(released).sort()).toEqual([...MEMBERS].sort());
    expect(set(released)).toEqual({
      Entry: 'RELEASED',
      OccurredAt: '2027-02-01 10:00:00',
      ContainerUuid: 'box-1',
      Contents: contents,
      ReleaseType: 'UNRESTRICTED',
      RegisterLineSha256: 'a'.repeat(64),
    });
    expect(
      leavingLine(booking, 'DISPATCHED', { uuid: 'box-1', at: '2027-02-01 10:00:00' }, contents, null),
    ).toMatchObject({
      Entry: 'DISPATCHED',
      ReleaseType: null,
      RegisterLineSha256: null,
    });
  });
});

describe('a line of the book', () => {
  it('is chained: its hash over every other member, the previous line named', () => {
    const first = chainBookLine(receiptLine(booking, generator, null), null);
    const second = chainBookLine(movementLine({ ...booking, lineUuid: 'line-2' }, eluate, movement), first.LineSha256);
    expect(Object.keys(first).sort()).toEqual([...BOOK_FIELDS].sort());
    expect(first.LineSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(lineSha256(first)).toBe(first.LineSha256);
    expect(second.PreviousSha256).toBe(first.LineSha256);
    expect(lineSha256({ ...first, ActivityBq: 1.86e9 })).not.toBe(first.LineSha256);
  });

  it('is read back only with exactly its members', () => {
    const line = chainBookLine(receiptLine(booking, generator, null), null);
    expect(MATERIAL_BOOK.isLine({ ...line })).toBe(true);
    expect(MATERIAL_BOOK.isLine({ ...line, PK: 'C#c-1#F#f-1' })).toBe(false);
    const { Corrects: _c, ...short } = line;
    expect(MATERIAL_BOOK.isLine(short)).toBe(false);
  });

  it('is kept 30 years from its booking, beside the release register, by year', () => {
    const line = chainBookLine(receiptLine(booking, generator, null), null);
    expect(BOOK_RETENTION_YEARS).toBe(30);
    expect(MATERIAL_BOOK.keptUntil(line).toISOString()).toBe('2056-11-20T08:15:00.000Z');
    // 29 February: no such day 30 years on; kept into 1 March, never less.
    expect(MATERIAL_BOOK.keptUntil({ ...line, BookedAt: '2028-02-29 12:00:00' }).toISOString()).toBe(
      '2058-03-01T12:00:00.000Z',
    );
    expect(materialBookPrefix(tenant)).toBe('documents/c-1/f-1/material-book/');
    expect(lineKey(MATERIAL_BOOK, tenant, line)).toBe(
      'documents/c-1/f-1/material-book/2026/2026-11-20T081500Z-line-1.json',
    );
  });

  it('reports acquisitions, productions, transfers and other whereabouts, not what stays in the facility', () => {
    expect(BOOK_ENTRIES.filter((e) => REPORTED_AS[e] === null)).toEqual(['TO_CONTAINER', 'CORRECTION']);
    expect(BOOK_ENTRIES.map((e) => REPORTED_AS[e])).toEqual([
      'ACQUISITION',
      'PRODUCTION',
      'WHEREABOUTS',
      null,
      'TRANSFER',
      'WHEREABOUTS',
      'WHEREABOUTS',
      'TRANSFER',
      null,
    ]);
  });
});
