/**
 * The release of a container and its record: what the release sets, what the record says (the holder and the site
 * from the clearance notice, the notice, the release type with its legal basis and the values used, the waste form,
 * the mass and every correction of it after closing, the contents with their impurities, the decision measurement
 * with its instrument and its figures, the surface or why there is none, the result, the officer and the time), and
 * the register's line (StrlSchV § 86 Abs. 1). Pure: the PDF renderer only lays out a ReleaseRecordContent, so what a
 * record says is tested without a PDF.
 */
import type { ClearanceNotice } from './clearance-notice';
import type { MassCorrection } from './container-closing';
import type { ContentModel } from './container-contents';
import type { ContainerRecord } from './container-fields';
import type { MeasuredDecision } from './decision-measurement';
import type { RecordSection, ReleaseRecordContent } from './record-content';
import { measurementSections } from './record-measurement';
import { formatNumber, RELEASE_TYPE_TEXT, utc, WASTE_FORM_TEXT } from './record-wording';
import type { ReleaseAssessment } from './release-assessment';
import type { ReleaseRegisterRow } from './release-register';
import type { ReleaseType } from './release-types';
import { formatTimestamp } from './time';

/** § 86 Abs. 2: the book is kept 30 years from the determination. */
export const RECORD_RETENTION_YEARS = 30;

/** Anlage 8 Teil A Nr. 1 c: the averaging mass should not substantially exceed 300 kg. */
const AVERAGING_MASS_LIMIT_G = 300_000;

/** The container after its release: the officer and the server's time. */
export function releasedContainer(container: ContainerRecord, officer: string, now: Date): ContainerRecord {
  return {
    ...container,
    IsReleasedByRadiationProtectionOfficer: true,
    ReleasedByRadiationProtectionOfficer: officer,
    ReleasedByRadiationProtectionOfficerDateTime: formatTimestamp(now),
  };
}

/** The answer of a release (ReleaseRecordModel). */
export interface ReleaseRecordModel {
  ContainerUuid: string;
  RecordDocumentUuid: string;
  ReleaseType: ReleaseType;
  ClearanceNoticeUuid: string;
  ReleasedAt: string;
  ReleasedBy: string;
  ReleasedByName: string | null;
  Justification: string | null;
  Assessment: ReleaseAssessment & { ContainerUuid: string };
  Sha256: string;
}

/** Everything a release is made of, as the release act gathered it. */
export interface ReleaseFacts {
  /** The container as released (its release fields set). */
  container: ContainerRecord;
  contents: readonly ContentModel[];
  /** The assessment at the determination, with the decision measurement weighed against the type's values. */
  assessment: ReleaseAssessment;
  measurement: MeasuredDecision;
  notice: ClearanceNotice;
  type: ReleaseType;
  justification: string | null;
  recordDocumentUuid: string;
  officerName: string | null;
  /** The names of the people the record names (who measured, who corrected the mass), by id. */
  names: ReadonlyMap<string, string>;
  massCorrections: readonly MassCorrection[];
}

export const registerRowOf = (facts: ReleaseFacts): ReleaseRegisterRow => {
  const decision = facts.assessment.DecisionMeasurement!;
  return {
    ContainerUuid: facts.container.Uuid,
    Name: facts.container.Name,
    ReleasedAt: facts.container.ReleasedByRadiationProtectionOfficerDateTime!,
    ReleasedBy: facts.container.ReleasedByRadiationProtectionOfficer!,
    ReleasedByName: facts.officerName,
    Weight: facts.container.Weight!,
    WasteForm: facts.container.WasteForm!,
    SumOfRatios: decision.SumOfRatios,
    Nuclides: decision.Nuclides.map((n) => ({
      Nuclide: n.Nuclide,
      SpecificActivityBqPerG: n.SpecificActivityBqPerG,
      ValueUsedBqPerG: n.ValueUsedBqPerG,
      BelowDecisionThreshold: n.BelowDecisionThreshold,
    })),
    MeasurementMethod: facts.measurement.Surface ? 'GROSS_ACTIVITY_PER_MASS_AND_SURFACE' : 'GROSS_ACTIVITY_PER_MASS',
    InstrumentSerialNumber: facts.measurement.Instrument.SerialNumber,
    DecisionMeasurementAt: facts.measurement.MeasuredAt,
    ReleaseType: facts.type,
    ClearanceNoticeUuid: facts.notice.Uuid,
    ClearanceNoticeFileNumber: facts.notice.FileNumber,
    Justification: facts.justification,
    RecordDocumentUuid: facts.recordDocumentUuid,
  };
};

const kg = (grams: number | null) => `${formatNumber(grams === null ? null : grams / 1000)} kg`;

/** A content's impurities as the record lists them. */
const impuritiesText = (content: ContentModel) =>
  content.Impurities === null
    ? 'nicht angegeben'
    : content.Impurities.length
      ? content.Impurities.map((i) => `${i.Nuclide} ${formatNumber(i.Fraction)}`).join(', ')
      : 'keine (laut Zertifikat)';

/** What a release record says. */
export function releaseRecordContent(facts: ReleaseFacts): ReleaseRecordContent {
  const { container: c, notice, assessment: a } = facts;
  const row = registerRowOf(facts);
  const type = RELEASE_TYPE_TEXT[facts.type];
  const decision = a.DecisionMeasurement!;
  const nameOf = (id: string) => facts.names.get(id) ?? id;
  const massNote =
    c.Weight !== null && c.Weight > AVERAGING_MASS_LIMIT_G
      ? ' (über 300 kg: nach Anlage 8 Teil A Nr. 1 c soll die Mittelungsmasse 300 kg nicht wesentlich überschreiten)'
      : '';
  const corrections = facts.massCorrections.map((m): [string, string] => [
    'Masse berichtigt nach dem Verschließen',
    `am ${utc(m.At)} von ${kg(m.From)} auf ${kg(m.To)} durch ${nameOf(m.By)}` +
      (m.Justification ? `, Begründung: ${m.Justification}` : ''),
  ]);
  const sections: RecordSection[] = [
    {
      heading: 'Inhaber der Freigabe',
      lines: [
        ['Inhaber', notice.Holder],
        ['Standort', notice.Site],
      ],
    },
    {
      heading: 'Freigabebescheid',
      lines: [
        ['Aktenzeichen', notice.FileNumber],
        ['Behörde', notice.Authority],
        ['Erteilt am', utc(notice.IssuedAt)],
        ['Gültig', `ab ${utc(notice.ValidFrom)}${notice.ValidUntil ? ` bis ${utc(notice.ValidUntil)}` : ''}`],
        ...(notice.Conditions ? ([['Nebenbestimmungen', notice.Conditions]] as [string, string][]) : []),
      ],
    },
    {
      heading: 'Art der Freigabe',
      lines: [
        ['Art der Freigabe', type.name],
        ['Rechtsgrundlage', type.basis],
        ['Maßgebliche Werte', type.values],
        ['Abfallform', WASTE_FORM_TEXT[c.WasteForm!]],
      ],
    },
    {
      heading: 'Behälter',
      lines: [
        ['Bezeichnung', c.Name],
        ['Kennung', c.Uuid],
        ['Masse (Mittelungsmasse)', `${kg(c.Weight)}${massNote}`],
        ...corrections,
      ],
    },
    {
      heading: 'Inhalte',
      table: {
        columns: ['Art', 'Kennung', 'Nuklid', 'Aktivität (Bq)', 'Bezugszeitpunkt', 'Verunreinigungen (Anteil)'],
        rows: facts.contents.map((content) => [
          content.Kind === 'CYCLOTRON_PRODUCT' ? 'Zyklotronprodukt' : 'Generatoreluat',
          content.ContentId,
          content.Nuclide,
          formatNumber(content.Activity),
          utc(content.ActivityDateTime),
          impuritiesText(content),
        ]),
      },
    },
    ...measurementSections(facts.measurement, nameOf),
    {
      heading: `Bewertung zum Zeitpunkt der Feststellung (${utc(decision.EvaluatedAt)})`,
      table: {
        columns: [
          'Nuklid',
          'Verwendeter Wert bei der Messung (Bq/g)',
          'Zur Feststellung (Bq/g)',
          'Freigabewert (Bq/g)',
          'Verhältnis',
        ],
        rows: decision.Nuclides.map((n) => [
          n.Nuclide,
          `${formatNumber(n.ValueUsedBqPerG)}${n.BelowDecisionThreshold ? ' (Nachweisgrenze)' : ''}`,
          formatNumber(n.SpecificActivityBqPerG),
          formatNumber(n.ClearanceLevelBqPerG),
          formatNumber(n.Ratio),
        ]),
      },
    },
    {
      heading: 'Ergebnis',
      lines: [
        ['Summe der Verhältniszahlen (Masse)', formatNumber(decision.SumOfRatios)],
        ...(decision.SurfaceSumOfRatios === null
          ? []
          : ([['Summe der Verhältniszahlen (Oberfläche)', formatNumber(decision.SurfaceSumOfRatios)]] as [
              string,
              string,
            ][])),
        ['Nachweisgrenzen ausreichend', 'ja'],
        ['Freigabewerte', 'eingehalten'],
      ],
    },
    {
      heading: 'Feststellung',
      lines: [
        ['Festgestellt von (Strahlenschutzbeauftragte/r)', row.ReleasedByName ?? nameOf(row.ReleasedBy)],
        ['Zeitpunkt der Feststellung', utc(row.ReleasedAt)],
        ...(facts.justification ? ([['Bemerkung', facts.justification]] as [string, string][]) : []),
        ['Protokoll (Dokument)', facts.recordDocumentUuid],
      ],
    },
  ];
  return {
    title: 'Freigabeprotokoll',
    subtitle: `Feststellung nach § 42 Abs. 1 StrlSchV, Buchführung nach § 86 StrlSchV – ${c.Name}`,
    sections,
    footer:
      `Alle Zeitangaben in UTC. Aufzubewahren ${RECORD_RETENTION_YEARS} Jahre ab der Feststellung ` +
      '(§ 86 Abs. 2 StrlSchV).',
  };
}

/** When a record made `now` may be destroyed: RECORD_RETENTION_YEARS later. */
export function keptUntil(now: Date): Date {
  const until = new Date(now.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + RECORD_RETENTION_YEARS);
  return until;
}
