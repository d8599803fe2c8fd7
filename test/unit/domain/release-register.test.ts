/**
 * shared/domain/release-register.ts: the register's CSV in its two forms (RFC 4180 in English; what a German
 * spreadsheet opens).
 */
import { describe, expect, it } from 'vitest';
import { REGISTER_FIELDS, registerCsv, type RegisterLine } from '../../../shared/domain/release-register';

const row: RegisterLine = {
  ContainerUuid: 'box-uuid',
  Name: '=HYPERLINK("x"),"quoted"',
  ReleasedAt: '2026-11-25 10:00:00',
  ReleasedBy: 'grace',
  ReleasedByName: 'Grace Hopper',
  Weight: 10_500,
  WasteForm: 'SOLID',
  SumOfRatios: 0.8924568959969,
  Nuclides: [
    { Nuclide: 'I-131', SpecificActivityBqPerG: 8.92456895996921, ValueUsedBqPerG: 9, BelowDecisionThreshold: false },
    { Nuclide: 'F-18', SpecificActivityBqPerG: 7.587e-19, ValueUsedBqPerG: 1e-15, BelowDecisionThreshold: false },
  ],
  MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS',
  InstrumentSerialNumber: 'SN-4711',
  DecisionMeasurementAt: '2026-11-25 09:00:00',
  ReleaseType: 'UNRESTRICTED',
  ClearanceNoticeUuid: 'notice-1',
  ClearanceNoticeFileNumber: 'RP-2026/0815',
  Justification: 'two, parts; and more',
  RecordDocumentUuid: 'doc-uuid',
  PreviousSha256: null,
  RecordSha256: 'a'.repeat(64),
  LineSha256: 'b'.repeat(64),
};

describe('registerCsv', () => {
  it('in English: RFC 4180, a header row, one line per release, quoted where it must be, no formulas', () => {
    const [header, line, end] = registerCsv(REGISTER_FIELDS, [row]).split('\r\n');
    expect(header).toBe(REGISTER_FIELDS.join(','));
    expect(end).toBe('');
    expect(line).toContain(`"'=HYPERLINK(""x""),""quoted"""`);
    expect(line).toContain('"two, parts; and more"');
    expect(line).toContain(',10500,SOLID,0.8924568959969,I-131=8.92456895996921;F-18=7.587e-19,');
  });

  it('in German: a BOM, `;` between cells, decimal commas rounded as on the record, kg, German headers', () => {
    const csv = registerCsv(REGISTER_FIELDS, [row], 'de');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, line] = csv.slice(1).split('\r\n');
    expect(header!.split(';').slice(0, 9)).toEqual([
      'Behälter-Kennung',
      'Behälter',
      'Zeitpunkt der Feststellung (UTC)',
      'Strahlenschutzbeauftragte/r (Kennung)',
      'Strahlenschutzbeauftragte/r',
      'Masse (kg)',
      'Abfallform',
      'Summe der Verhältniszahlen',
      'Nuklide (Bq/g zum Zeitpunkt der Feststellung)',
    ]);
    const cells = line!.split(';');
    expect(cells.length).toBe(REGISTER_FIELDS.length + 1); // the Justification's own `;` is inside quotes
    expect(cells.slice(5, 9)).toEqual(['10,5', 'SOLID', '0,8925', 'I-131=8,925 | F-18=7,587e-19']);
    expect(line).toContain('"two, parts; and more"');
  });
});
