/**
 * shared/domain/register-csv.ts: the register's CSV in its two forms (RFC 4180 in English; what a German
 * spreadsheet opens).
 */
import { describe, expect, it } from 'vitest';
import { registerCsv } from '../../../shared/domain/register-csv';
import { REGISTER_FIELDS, type RegisterLine } from '../../../shared/domain/release-register';

const row: RegisterLine = {
  ContainerUuid: 'box-uuid',
  Name: '=HYPERLINK("x"),"quoted"',
  ReleasedAt: '2026-11-25 10:00:00',
  ReleasedBy: 'grace',
  ReleasedByName: 'Grace Hopper',
  Weight: 10_500,
  WasteForm: 'SOLID',
  SumOfRatios: 0.8924568959969,
  Surface: { SumOfRatios: 0.0009982946353204705, ValueUsedBqPerCm2: 0.05, BelowDecisionThreshold: true },
  Nuclides: [
    { Nuclide: 'I-131', SpecificActivityBqPerG: 8.92456895996921, ValueUsedBqPerG: 9, BelowDecisionThreshold: false },
    { Nuclide: 'F-18', SpecificActivityBqPerG: 7.587e-19, ValueUsedBqPerG: 1e-15, BelowDecisionThreshold: false },
  ],
  MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS',
  InstrumentSerialNumber: 'SN-4711',
  DecisionMeasurementAt: '2026-11-25 09:00:00',
  ReleaseType: 'SPECIFIC_LANDFILL',
  DisposalPlant: { Name: 'Deponie Nord', Address: 'Deponieweg 5, 12345 Musterstadt', AcceptanceDocumentUuid: 'a-1' },
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
    // Figures to three significant digits in one form; per nuclide the value used; "<" below the threshold.
    expect(line).toContain(
      ',10500,SOLID,8.92E-01,sum <9.98E-04;used <5.00E-02 Bq/cm²,' +
        'I-131=8.92E+00 (used 9.00E+00);F-18=7.59E-19 (used 1.00E-15),GROSS_ACTIVITY_PER_MASS,',
    );
    expect(line).toContain(',SPECIFIC_LANDFILL,"Deponie Nord, Deponieweg 5, 12345 Musterstadt",');
    const blind = { ...row, Nuclides: [{ ...row.Nuclides[0]!, BelowDecisionThreshold: true }] };
    expect(registerCsv(REGISTER_FIELDS, [blind]).split('\r\n')[1]).toContain(
      ',<8.92E-01,sum <9.98E-04;used <5.00E-02 Bq/cm²,I-131=<8.92E+00 (used <9.00E+00),',
    );
  });

  it('reads a line booked before issue 36 (no surface, no plant, the legacy type) with empty cells', () => {
    const { Surface: _s, DisposalPlant: _p, ...old } = row;
    const line = registerCsv(REGISTER_FIELDS, [{ ...old, ReleaseType: 'SPECIFIC_DISPOSAL' }], 'de').split('\r\n')[1]!;
    expect(line).toContain(';spezifische Freigabe zur Beseitigung (gebucht vor der Trennung');
    expect(line.split(';')[8]).toBe('');
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
      'Oberflächenkontamination (Summe der Verhältniszahlen, verwendeter Wert in Bq/cm²)',
    ]);
    // The Justification's own `;` is inside quotes, and so is the surface cell's list.
    const cells = line!.match(/("([^"]|"")*"|[^;]*)(;|$)/g)!.map((c) => c.replace(/;$/, ''));
    expect(cells.slice(5, 10)).toEqual([
      '10,5',
      'fester Stoff',
      '8,92E-01',
      'Summe <9,98E-04 | verwendet <5,00E-02 Bq/cm²',
      'I-131=8,92E+00 (verwendet 9,00E+00) | F-18=7,59E-19 (verwendet 1,00E-15)',
    ]);
    // Every code in words, as the record names it.
    expect(line).toContain(';Entscheidungsmessung der Bruttoaktivität je Masse;');
    expect(line).toContain(';spezifische Freigabe von festen Stoffen zur Beseitigung auf Deponien');
    expect(line).not.toMatch(/;(SOLID|SPECIFIC_LANDFILL|GROSS_ACTIVITY_PER_MASS);/);
    expect(line).toContain('"two, parts; and more"');
  });
});
