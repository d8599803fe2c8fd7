/**
 * shared/domain/release-record.ts: what a release record says (without a PDF), the register's CSV, and the
 * record's wording of numbers.
 */
import { describe, expect, it } from 'vitest';
import { assessContainer, createContainer, toContentModel, type ContentLink } from '../../../shared/domain/container';
import {
  formatNumber,
  registerCsv,
  registerRowOf,
  releasedContainer,
  releaseRecordContent,
  type ReleaseFacts,
  type ReleaseRegisterRow,
} from '../../../shared/domain/release-record';
import { REGISTER_FIELDS } from '../../../shared/domain/release-record';

const now = new Date('2026-11-25T10:00:00Z');
const links: ContentLink[] = [
  { kind: 'CYCLOTRON_PRODUCT', id: 'cp-1', nuclide: 'F-18', activity: 9e5, activityDateTime: '2026-11-20 08:00:00' },
  { kind: 'GENERATOR_ELUAT', id: 'ge-1', nuclide: 'I-131', activity: 1e5, activityDateTime: '2026-11-20 08:00:00' },
];

function facts(overrides: Partial<ReleaseFacts> = {}): ReleaseFacts {
  const container = createContainer(
    { client: 'client-1', facility: 'facility-1' },
    'box-uuid',
    { Name: 'Hot lab bin 3', Weight: 10_000, MeasurementActivity: 1e6, MeasurementDate: '2026-11-20 08:00:00' },
    [],
    now,
  );
  return {
    container: releasedContainer({ ...container, State: 'RELEASE_DATE_REACHED', MeasuredBy: 'ada' }, 'grace', now),
    contents: links.map(toContentModel),
    assessment: assessContainer(container, links, now),
    justification: null,
    recordDocumentUuid: 'doc-uuid',
    officerName: 'Grace Hopper',
    measuredByName: 'Ada Lovelace',
    contaminationByName: null,
    ...overrides,
  };
}

const linesOf = (content: ReturnType<typeof releaseRecordContent>) =>
  Object.fromEntries(content.sections.flatMap((s) => ('lines' in s ? s.lines : [])));
const tableOf = (content: ReturnType<typeof releaseRecordContent>, heading: string) =>
  content.sections.find((s) => s.heading.startsWith(heading) && 'table' in s) as { table: { rows: string[][] } };

describe('releaseRecordContent', () => {
  it('names the facility, the container, its contents, each nuclide, the sum, the mass and the measurement', () => {
    const content = releaseRecordContent(facts());
    const lines = linesOf(content);
    expect(lines).toMatchObject({
      Mandant: 'client-1',
      Einrichtung: 'facility-1',
      Name: 'Hot lab bin 3',
      Kennung: 'box-uuid',
      'Masse (Mittelungsmasse)': '10 kg',
      'Gemessen von': 'Ada Lovelace (ada)',
      Messzeitpunkt: '2026-11-20 08:00:00 UTC',
      Messfaktor: '1 (keiner angegeben)',
      'Verfahren der Freimessung': expect.stringContaining('Gesamtaktivität'),
      'Summe der Verhältniszahlen (Spalte 3)': '0,6446',
      Freigabewerte: 'eingehalten',
    });
    expect(tableOf(content, 'Inhalte').table.rows).toEqual([
      ['Zyklotronprodukt', 'cp-1', 'F-18', '900.000', '2026-11-20 08:00:00 UTC'],
      ['Generatoreluat', 'ge-1', 'I-131', '100.000', '2026-11-20 08:00:00 UTC'],
    ]);
    // F-18 is gone after five days; I-131 is at 6.446 Bq/g against 10 Bq/g.
    expect(tableOf(content, 'Bewertung').table.rows).toEqual([
      ['F-18', '7,587e-19', '10', '7,587e-20'],
      ['I-131', '6,446', '10', '0,6446'],
    ]);
  });

  it('states the type of release, its legal basis, the officer and the time in UTC, and the Justification', () => {
    const plain = linesOf(releaseRecordContent(facts()));
    expect(plain).toMatchObject({
      'Art der Freigabe': 'uneingeschränkte Freigabe',
      Rechtsgrundlage: expect.stringMatching(/StrlSchV § 35 .*Anlage 4 Tabelle 1 Spalte 3.*Spalte 5.*§ 42 Abs\. 1/),
      'Freigegeben von (Strahlenschutzbeauftragte/r)': 'Grace Hopper (grace)',
      'Zeitpunkt der Feststellung': '2026-11-25 10:00:00 UTC',
      Begründung: '– (die Freigabewerte sind eingehalten)',
    });
    const justified = linesOf(releaseRecordContent(facts({ justification: 'Measured again by hand.' })));
    expect(justified.Begründung).toBe('Measured again by hand.');
    expect(releaseRecordContent(facts()).footer).toContain('Alle Zeitangaben in UTC');
  });

  it('notes an averaging mass over 300 kg (Anlage 8 Teil A Nr. 1 c)', () => {
    const heavy = facts();
    const content = releaseRecordContent({ ...heavy, container: { ...heavy.container, Weight: 400_000 } });
    expect(linesOf(content)['Masse (Mittelungsmasse)']).toMatch(/^400 kg \(über 300 kg/);
  });
});

describe('registerCsv', () => {
  it('has a header row and one line per release; quotes what must be quoted; no formulas', () => {
    const row: ReleaseRegisterRow = {
      ...registerRowOf(facts()),
      Name: '=HYPERLINK("x"),"quoted"',
      Justification: 'two, parts',
    };
    const [header, line, end] = registerCsv(REGISTER_FIELDS, [row]).split('\r\n');
    expect(header).toBe(REGISTER_FIELDS.join(','));
    expect(end).toBe('');
    expect(line).toContain(`"'=HYPERLINK(""x""),""quoted"""`);
    expect(line).toContain('"two, parts"');
    expect(line).toContain(`F-18=${row.Nuclides[0]!.SpecificActivityBqPerG};I-131=`);
  });
});

describe('formatNumber', () => {
  it('four significant digits with a decimal comma; an exponent far from 1; a dash for none', () => {
    expect([formatNumber(1234.5), formatNumber(0.5), formatNumber(1.5e7), formatNumber(null)]).toEqual([
      '1.235',
      '0,5',
      '1,500e+7',
      '–',
    ]);
  });
});
