/**
 * shared/services/material-reports.ts over the in-memory book (test/support/memory/material.ts): the month's report
 * holds exactly the lines booked in the facility's calendar month (Europe/Berlin: a line of 23:30 UTC on the last
 * day belongs to the next month) and answers the same at any later time; the year-end report is the stock at the
 * last second of the local year, long-lived nuclides only, against a hand computation, and refused for a year not
 * ended; the book's verification of a year holds, starts after the year before, and names a missing or changed copy.
 */
import { describe, expect, it } from 'vitest';
import { lineKey } from '../../../shared/domain/chain';
import type { LicenceCreate } from '../../../shared/domain/licence';
import { MATERIAL_BOOK } from '../../../shared/domain/material-book';
import type { ReceiptInput } from '../../../shared/schemas/material';
import { rejection } from '../../support/errors';
import { generatorReceipt, LICENCE, materialSetup } from '../../support/memory/material';

const BERLIN = 'Europe/Berlin';
const ada = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const rosa = { sub: 'rosa', name: 'Rosa Officer', roles: ['rpo'] };
/** The licence, from January 2025. */
const LICENCE_2025: LicenceCreate = {
  ...LICENCE,
  FileNumber: 'UG-17/2025',
  IssuedAt: '2025-01-05 00:00:00',
  ValidFrom: '2025-01-15 00:00:00',
};
/** F-18 received (and booked) at `at`. */
const fdg = (at: string): ReceiptInput =>
  generatorReceipt({
    Kind: 'RADIOPHARMACEUTICAL',
    Nuclide: 'F-18',
    ActivityBq: 1e10,
    ActivityDateTime: at,
    ReceivedAt: at,
    Supplier: `Cyclotron of ${at}`,
    Batch: null,
    Impurities: null,
  });

/** A facility with a licence, and a receipt booked at each moment (UTC) as it happened. */
async function booked(moments: string[]) {
  const setup = materialSetup();
  setup.setNow('2025-01-15 00:00:00');
  await setup.licences.create(setup.tenant, rosa, LICENCE_2025);
  for (const at of moments) {
    setup.setNow(at);
    await setup.material.receive(setup.tenant, ada, fdg(at), false);
  }
  return setup;
}

describe('the month’s report', () => {
  it("holds exactly the lines booked in the facility's calendar month, on its clock", async () => {
    const { tenant, reports, setNow } = await booked([
      '2026-10-31 22:59:59',
      '2026-10-31 23:00:00',
      '2026-11-15 12:00:00',
      '2026-11-30 22:59:59',
      '2026-11-30 23:00:00',
    ]);
    setNow('2026-12-15 12:00:00');
    const november = await reports.month(tenant, '2026-11', BERLIN, 'en');
    expect(november).toMatchObject({
      Client: 'c1',
      Facility: 'f1',
      Month: '2026-11',
      TimeZone: BERLIN,
      From: '2026-10-31 23:00:00',
      Until: '2026-11-30 23:00:00',
      Licence: { FileNumber: 'UG-17/2025', Authority: 'Landesamt für Umwelt', Holder: 'Klinikum Nord' },
    });
    expect(november.Rows.map((r) => [r.Date, r.Category, r.Counterpart])).toEqual([
      ['2026-11-01 00:00:00', 'ACQUISITION', 'Cyclotron of 2026-10-31 23:00:00'],
      ['2026-11-15 13:00:00', 'ACQUISITION', 'Cyclotron of 2026-11-15 12:00:00'],
      ['2026-11-30 23:59:59', 'ACQUISITION', 'Cyclotron of 2026-11-30 22:59:59'],
    ]);
    expect((await reports.month(tenant, '2026-12', BERLIN, 'en')).Rows.map((r) => r.Date)).toEqual([
      '2026-12-01 00:00:00',
    ]);
    // Where the facility is in New York (UTC − 5 from 1 November), November holds other lines.
    expect((await reports.month(tenant, '2026-11', 'America/New_York', 'en')).Rows.map((r) => r.Date)).toEqual([
      '2026-11-15 07:00:00',
      '2026-11-30 17:59:59',
      '2026-11-30 18:00:00',
    ]);
  });

  it('answers the same at any later time, whatever is booked since', async () => {
    const { tenant, reports, material, setNow } = await booked(['2026-11-15 12:00:00']);
    setNow('2026-12-01 08:00:00');
    const first = await reports.month(tenant, '2026-11', BERLIN, 'de');
    setNow('2026-12-02 08:00:00');
    await material.receive(tenant, ada, fdg('2026-11-30 08:00:00'), false);
    setNow('2027-06-01 08:00:00');
    expect(await reports.month(tenant, '2026-11', BERLIN, 'de')).toEqual(first);
    expect(first.Rows).toHaveLength(1);
  });

  it('names no licence for a month none was in force', async () => {
    const { tenant, reports, setNow } = await booked([]);
    setNow('2026-12-01 08:00:00');
    expect(await reports.month(tenant, '2024-12', BERLIN, 'en')).toMatchObject({ Licence: null, Rows: [] });
  });
});

describe('the year-end report', () => {
  it('is the stock at the last second of the local year, long-lived nuclides only', async () => {
    const { tenant, reports, material, setNow } = await booked(['2025-12-31 20:00:00']);
    setNow('2025-12-01 00:00:00');
    await material.receive(
      tenant,
      ada,
      { ...fdg('2025-12-01 00:00:00'), Kind: 'GENERATOR', Nuclide: 'Ge-68', ActivityBq: 1.85e9, Impurities: [] },
      false,
    );
    setNow('2026-01-10 00:00:00');
    const report = await reports.yearEnd(tenant, 2025, BERLIN);
    expect(report).toMatchObject({
      Year: 2025,
      TimeZone: BERLIN,
      At: '2025-12-31 22:59:59',
      Licence: { FileNumber: 'UG-17/2025' },
    });
    // The generator's 1.85 GBq of 1 December, 30 d 22:59:59 on; F-18 (1.8 h) is not reported.
    expect(report.Nuclides.map((n) => n.Nuclide)).toEqual(['Ge-68']);
    expect(report.Nuclides[0]!.TotalBq).toBeCloseTo(
      1.85e9 * 0.5 ** ((30 * 86_400 + 22 * 3600 + 59 * 60 + 59) / (270.95 * 86_400)),
      0,
    );
    expect(report.Nuclides[0]).toMatchObject({ InContainersBq: 0, MaxActivityBq: 4e9 });
  });

  it('is refused for a year that has not ended where the facility is', async () => {
    const { tenant, reports, setNow } = await booked([]);
    // The last second of 2026 in Berlin is 22:59:59 UTC: until it has passed, the year has not ended.
    setNow('2026-12-31 22:59:59');
    const error = await rejection(reports.yearEnd(tenant, 2026, BERLIN));
    expect([error.statusCode, error.notification.details]).toEqual([
      400,
      [{ key: 'detail.year_not_ended', params: { field: 'year', year: 2026 } }],
    ]);
    setNow('2026-12-31 23:00:00');
    expect((await reports.yearEnd(tenant, 2026, BERLIN)).At).toBe('2026-12-31 22:59:59');
  });
});

describe('the book’s verification', () => {
  it('holds for a year after the year before, and names a missing or a changed locked copy', async () => {
    const { tenant, verification, records, book } = await booked([
      '2025-12-31 12:00:00',
      '2026-01-02 12:00:00',
      '2026-03-01 12:00:00',
    ]);
    const lines = book.linesOf(tenant);
    expect(await verification.verify(tenant, 2026)).toEqual({
      Valid: true,
      Lines: 2,
      Objects: 2,
      FirstBroken: null,
      Missing: [],
    });
    expect((await verification.verify(tenant, 2025)).Valid).toBe(true);
    const key = lineKey(MATERIAL_BOOK, tenant, lines[2]!);
    const copy = records.objects.get(key)!;
    records.objects.delete(key);
    expect(await verification.verify(tenant, 2026)).toMatchObject({
      Valid: false,
      Objects: 1,
      Missing: [{ LineUuid: lines[2]!.LineUuid, BookedAt: '2026-03-01 12:00:00', Missing: 'object' }],
    });
    const changed = { ...lines[2]!, ActivityBq: 2e10 };
    records.objects.set(key, { ...copy, body: new TextEncoder().encode(JSON.stringify(changed)) });
    expect((await verification.verify(tenant, 2026)).FirstBroken).toEqual({
      LineUuid: lines[2]!.LineUuid,
      BookedAt: '2026-03-01 12:00:00',
      Reason: 'the line differs from its locked object',
    });
  });
});
