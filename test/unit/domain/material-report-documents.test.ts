/**
 * shared/domain/material-report-documents.ts: the reports as documents. The month's as CSV in English (RFC 4180, the
 * API member names) and as a German spreadsheet opens it (a byte-order mark, semicolons, German words, decimal
 * commas); as the PDF record lays it out, naming the licence and flagging an entry above it. The year-end's as CSV and
 * as its record, with its cut-off in the facility's zone and UTC.
 */
import { describe, expect, it } from 'vitest';
import { monthCsv, monthRecord, yearEndCsv, yearEndRecord } from '../../../shared/domain/material-report-documents';
import type { RecordSection } from '../../../shared/domain/record-content';
import { lines, monthReport, yearEndReport } from '../../support/material-reports';

const linesOf = (section: RecordSection | undefined) => (section && 'lines' in section ? section.lines : []);
const rowsOf = (section: RecordSection | undefined) => (section && 'table' in section ? section.table.rows : []);

const report = (language: 'en' | 'de') => monthReport(lines().slice(1, 4), language);

describe('the month as CSV', () => {
  it('in English: RFC 4180 with the API member names, numbers as they are', () => {
    const csv = monthCsv(report('en'), 'en');
    const rows = csv.split('\r\n');
    expect(csv.startsWith('Date,')).toBe(true);
    expect(rows[0]).toBe(
      'Date,Category,Entry,Nuclide,ItemKind,ActivityBq,Counterpart,ItemUuid,ContainerUuid,LicenceExceeded,' +
        'BookedAt,BookedByName,LineUuid',
    );
    expect(rows.slice(1)).toEqual([
      "2026-11-02 10:00:00,ACQUISITION,RECEIPT,F-18,RADIOPHARMACEUTICAL,1850000000,'=cmd,late,," +
        'true,2026-11-10 09:00:00,Ada Lovelace,line-2',
      '2026-11-15 13:00:00,TRANSFER,RETURNED,Ge-68,GENERATOR,100000000,Eckert & ' +
        'Ziegler; Berlin,gen,,false,2026-11-15 12:00:00,ada,line-3',
      '2026-11-16 13:00:00,WHEREABOUTS,LOST,Ge-68,GENERATOR,100000000,Vial broken in ' +
        'the hot lab,gen,,false,2026-11-16 12:00:00,Ada Lovelace,line-4',
      '',
    ]);
  });

  it('in German: a byte-order mark, semicolons, German headers and words, decimal commas', () => {
    const csv = monthCsv(report('de'), 'de');
    expect(
      csv.startsWith('\uFEFFDatum (Ortszeit);Art nach § 85 Abs. 1 Nr. 1;Vorgang;Radionuklid;Stoff;Aktivität (Bq);'),
    ).toBe(true);
    const rows = csv.slice(1).split('\r\n');
    expect(rows[0]!.split(';')).toHaveLength(13);
    expect(rows.slice(1, 4).map((r) => r.split(';').slice(1, 7).concat(r.split(';').slice(-4, -3)))).toEqual([
      ['Erwerb', 'Erwerb', 'F-18', 'Radiopharmakon', '1,850e+9', "'=cmd", 'ja'],
      ['Abgabe', 'Abgabe', 'Ge-68', 'Generator', '1,000e+8', '"Eckert & Ziegler', 'nein'],
      ['sonstiger Verbleib', 'Abhandenkommen', 'Ge-68', 'Generator', '1,000e+8', 'Vial broken in the hot lab', 'nein'],
    ]);
    // The recipient holds the separator: quoted whole.
    expect(rows[2]).toContain(';"Eckert & Ziegler; Berlin";');
  });
});

describe('the month as the PDF record lays it out', () => {
  it('names the licence, the month and its zone, and flags an entry above the licence', () => {
    const record = monthRecord(report('de'));
    expect(record.title).toBe('Mitteilung nach § 85 Abs. 1 Nr. 1 StrlSchV: 2026-11');
    expect(linesOf(record.sections[0])).toEqual([
      ['Genehmigungsinhaber', 'Klinikum Nord'],
      ['Genehmigung (Aktenzeichen)', 'UG-17/2026'],
      ['Behörde', 'Landesamt für Umwelt'],
      ['Einrichtung (Kennung)', 'f'],
      ['Kalendermonat', '2026-11 (Europe/Berlin)'],
    ]);
    expect(rowsOf(record.sections[1]).map((r) => r.slice(1, 3))).toEqual([
      ['Erwerb', 'Erwerb (über der Genehmigung)'],
      ['Abgabe', 'Abgabe'],
      ['sonstiger Verbleib', 'Abhandenkommen'],
    ]);
    const empty = monthRecord({ ...report('de'), Licence: null, Rows: [] });
    expect(linesOf(empty.sections[0])[0]).toEqual(['Genehmigungsinhaber', '–']);
    expect(empty.sections[1]).toEqual({ heading: 'Vorgänge', paragraphs: ['Im Monat wurde nichts gebucht.'] });
  });
});

describe('the year-end report', () => {
  it('as CSV and as the record lays it out', () => {
    expect(yearEndCsv(yearEndReport, 'en').split('\r\n')).toEqual([
      'Nuclide,Row,InStoreBq,InContainersBq,TotalBq,MaxActivityBq',
      'Lu-177m,Lu-177m,150000,50000,200000,4000000000',
      'Ge-68,Ge-68,1125000000,375000000,1500000000,4000000000',
      '',
    ]);
    expect(yearEndCsv(yearEndReport, 'de').split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFRadionuklid;Zeile Anlage 4;im Lager (Bq);in Abfallbehältern (Bq);Bestand (Bq);Genehmigt (Bq)',
      'Lu-177m;Lu-177m;150.000;50.000;200.000;4,000e+9',
    ]);
    const record = yearEndRecord(yearEndReport);
    expect(record.title).toBe('Mitteilung nach § 85 Abs. 1 Nr. 3 StrlSchV: Bestand Ende 2026');
    expect(linesOf(record.sections[0]).at(-1)).toEqual([
      'Stichtag',
      '2026-12-31 24:00 (Europe/Berlin); 2026-12-31 22:59:59 UTC',
    ]);
    expect(rowsOf(record.sections[1])).toEqual([
      ['Lu-177m', 'Lu-177m', '150.000', '50.000', '200.000'],
      ['Ge-68', 'Ge-68', '1,125e+9', '3,750e+8', '1,500e+9'],
    ]);
    expect(yearEndRecord({ ...yearEndReport, Nuclides: [] }).sections[1]).toEqual({
      heading: 'Bestand',
      paragraphs: ['Kein Bestand an Radionukliden mit Halbwertszeiten über 100 Tagen.'],
    });
  });
});
