/**
 * The release of a container and its record: what the release sets, what the record says (the holder and the site
 * from the clearance notice, the notice, the release type with its legal basis and the values used, the waste form,
 * the mass and every correction of it after closing, the contents with their impurities, the decision measurement
 * with its instrument and its figures, the surface or why there is none, the result, the officer and the time), and
 * the register's line (StrlSchV § 86 Abs. 1). Pure: the PDF renderer only lays out a ReleaseRecordContent, so what a
 * record says is tested without a PDF.
 */
import { AVERAGING_MASS_KG, averagingMassLimitG, type ClearanceNotice, type DisposalPlant } from './clearance-notice';
import type { MassCorrection } from './container-closing';
import type { ContentModel } from './container-contents';
import type { DecayChart } from './decay-chart';
import type { ContainerRecord } from './container-fields';
import type { MeasuredDecision } from './decision-measurement';
import type { RecordSection, ReleaseRecordContent } from './record-content';
import { measurementSections } from './record-measurement';
import {
  formatBound,
  formatEntered,
  formatFigure,
  legalDate,
  RELEASE_TYPE_TEXT,
  utc,
  WASTE_FORM_TEXT,
} from './record-wording';
import type { ReleaseAssessment } from './release-assessment';
import type { RegisterPlant, ReleaseRegisterRow } from './release-register';
import type { AnyReleaseType, ReleaseType } from './release-types';
import { formatTimestamp } from './time';

/** § 86 Abs. 2: the book is kept 30 years from the determination. */
export const RECORD_RETENTION_YEARS = 30;

/**
 * The container after its release: the officer and the server's time; its ReleaseDateTime is the release's (no longer
 * a prediction), and what the decision measurement showed of each nuclide at the release is kept beside it, so the
 * container shows the measured specific activity from then on, not the closing measurement's.
 */
export function releasedContainer(
  container: ContainerRecord,
  officer: string,
  now: Date,
  measured: ContainerRecord['ReleasedSpecificActivities'] = null,
): ContainerRecord {
  const at = formatTimestamp(now);
  return {
    ...container,
    ReleaseDateTime: at,
    IsReleasedByRadiationProtectionOfficer: true,
    ReleasedByRadiationProtectionOfficer: officer,
    ReleasedByRadiationProtectionOfficerDateTime: at,
    ReleasedSpecificActivities: measured,
  };
}

/** The answer of a release (ReleaseRecordModel). */
export interface ReleaseRecordModel {
  ContainerUuid: string;
  RecordDocumentUuid: string;
  ReleaseType: AnyReleaseType;
  /** The notice the release cites; null under a regime without notices. */
  ClearanceNoticeUuid: string | null;
  ReleasedAt: string;
  ReleasedBy: string;
  ReleasedByName: string | null;
  Justification: string | null;
  /** For a release for disposal, the plant it goes to; else null. */
  DisposalPlant: RegisterPlant | null;
  /** An officer's explanation of a decision measurement that disagrees with the prediction; null when none given. */
  DiscrepancyCause: string | null;
  /** The clearance assessment the release rests on; null for a disposal after decay-in-storage. */
  Assessment: (ReleaseAssessment & { ContainerUuid: string }) | null;
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
  /** The plant of a release for disposal (the notice's); null otherwise. */
  plant: DisposalPlant | null;
  justification: string | null;
  discrepancyCause: string | null;
  recordDocumentUuid: string;
  officerName: string | null;
  /** The names of the people the record names (who measured, who corrected the mass), by id. */
  names: ReadonlyMap<string, string>;
  massCorrections: readonly MassCorrection[];
  /** The decay chart the record draws (German); null draws none. */
  chart: DecayChart | null;
}

/** The plant as the register and the answer name it (its route is the release type). */
export const registerPlantOf = (plant: DisposalPlant | null): RegisterPlant | null =>
  plant && { Name: plant.Name, Address: plant.Address, AcceptanceDocumentUuid: plant.AcceptanceDocumentUuid };

export const registerRowOf = (facts: ReleaseFacts): ReleaseRegisterRow => {
  const decision = facts.assessment.DecisionMeasurement!;
  const surface = facts.measurement.Surface;
  return {
    ContainerUuid: facts.container.Uuid,
    Name: facts.container.Name,
    ReleasedAt: facts.container.ReleasedByRadiationProtectionOfficerDateTime!,
    ReleasedBy: facts.container.ReleasedByRadiationProtectionOfficer!,
    ReleasedByName: facts.officerName,
    Weight: facts.container.Weight!,
    WasteForm: facts.container.WasteForm!,
    SumOfRatios: decision.SumOfRatios,
    Surface: surface && {
      SumOfRatios: decision.SurfaceSumOfRatios,
      ValueUsedBqPerCm2: surface.ValueUsed,
      BelowDecisionThreshold: !surface.Detected,
    },
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
    DisposalPlant: registerPlantOf(facts.plant),
    ClearanceNoticeUuid: facts.notice.Uuid,
    ClearanceNoticeFileNumber: facts.notice.FileNumber,
    Justification: facts.justification,
    RecordDocumentUuid: facts.recordDocumentUuid,
  };
};

const kg = (grams: number | null) => `${formatEntered(grams === null ? null : grams / 1000)} kg`;

/** A content's impurities as the record lists them: the certificate's, an officer's statement of none, or none. */
const impuritiesText = (content: ContentModel) =>
  content.Impurities === null
    ? 'nicht angegeben'
    : content.Impurities.length
      ? content.Impurities.map((i) => `${i.Nuclide} ${formatEntered(i.Fraction)}`).join(', ')
      : content.ImpuritiesJustification
        ? `keine, Begründung der/des Strahlenschutzbeauftragten: ${content.ImpuritiesJustification}`
        : 'keine (laut Zertifikat)';

type Line = [label: string, value: string];
const optional = (value: string | null | undefined, line: (value: string) => Line): Line[] =>
  value ? [line(value)] : [];

/** The averaging mass (Anlage 8 Teil A Nr. 1 c) with the mass the release used. */
function averagingMassLine(c: ContainerRecord, notice: ClearanceNotice): Line {
  const limit =
    notice.MaxAveragingMassKg === null ? '' : `; der Freigabebescheid lässt ${kg(averagingMassLimitG(notice))} zu`;
  return [
    'Mittelungsmasse',
    `${kg(c.Weight)}, die Masse des Behälters als Ganzes (Anlage 8 Teil A Nr. 1 c StrlSchV: die Mittelungsmasse ` +
      `darf ${AVERAGING_MASS_KG} kg nicht wesentlich überschreiten${limit})`,
  ];
}

/** The one verdict (the decision measurement) and, beside it, the prediction from the declared contents. */
function verdictSection(facts: ReleaseFacts): RecordSection {
  const { assessment: a, measurement } = facts;
  const decision = a.DecisionMeasurement!;
  const below = !measurement.Detected;
  const p = a.Plausibility;
  const surface = measurement.Surface;
  return {
    heading: 'Ergebnis',
    lines: [
      [
        'Entscheidung',
        'nach der Entscheidungsmessung (Anlage 8 Teil A Nr. 1 b StrlSchV: Nachweis anhand von Messungen)',
      ],
      ['Summe der Verhältniszahlen (Masse)', formatBound(decision.SumOfRatios, below)],
      ...(surface
        ? ([
            [
              'Oberflächenkontamination (verwendeter Wert)',
              `${formatBound(surface.ValueUsed, !surface.Detected)} Bq/cm² bei der Messung`,
            ],
            ['Summe der Verhältniszahlen (Oberfläche)', formatBound(decision.SurfaceSumOfRatios, !surface.Detected)],
          ] as Line[])
        : []),
      ['Nachweisgrenzen ausreichend', 'ja'],
      ['Freigabewerte', 'eingehalten'],
      [
        'Vorhersage aus den angegebenen Inhalten (zum Vergleich)',
        `Summe der Verhältniszahlen ${formatFigure(a.SumOfRatios)} zur Feststellung` +
          (a.PredictedReleaseDateTime ? `, vorhergesagtes Freigabedatum ${utc(a.PredictedReleaseDateTime)}` : ''),
      ],
      ...(p
        ? ([
            [
              'Messung und Vorhersage zum Messzeitpunkt',
              `gemessen ${formatFigure(p.MeasuredSumOfRatios)}, vorhergesagt ${formatFigure(p.PredictedSumOfRatios)}` +
                (p.Plausible ? ' (stimmen überein)' : ' (weichen voneinander ab)'),
            ],
          ] as Line[])
        : []),
      ...optional(facts.discrepancyCause, (cause) => ['Ursache der Abweichung (Strahlenschutzbeauftragte/r)', cause]),
    ],
  };
}

/** What a release record says. */
export function releaseRecordContent(facts: ReleaseFacts): ReleaseRecordContent {
  const { container: c, notice, assessment: a } = facts;
  const row = registerRowOf(facts);
  const type = RELEASE_TYPE_TEXT[facts.type];
  const decision = a.DecisionMeasurement!;
  const nameOf = (id: string) => facts.names.get(id) ?? id;
  const corrections = facts.massCorrections.map(
    (m): Line => [
      'Masse berichtigt nach dem Verschließen',
      `am ${utc(m.At)} von ${kg(m.From)} auf ${kg(m.To)} durch ${nameOf(m.By)}` +
        (m.Justification ? `, Begründung: ${m.Justification}` : ''),
    ],
  );
  const plant = facts.plant;
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
        ['Erteilt am', legalDate(notice.IssuedAt)],
        [
          'Gültig',
          `ab ${legalDate(notice.ValidFrom)}${notice.ValidUntil ? ` bis ${legalDate(notice.ValidUntil)}` : ''}`,
        ],
        ...optional(notice.Conditions, (conditions) => ['Nebenbestimmungen', conditions]),
      ],
    },
    {
      heading: 'Art der Freigabe',
      lines: [
        ['Art der Freigabe', type.name],
        ['Rechtsgrundlage', type.basis],
        ['Maßgebliche Werte', type.values],
        ['Abfallform', WASTE_FORM_TEXT[c.WasteForm!]],
        ...(plant
          ? ([
              ['Beseitigungsanlage (Verbleib)', `${plant.Name}, ${plant.Address}`],
              ['Annahmeerklärung des Betreibers (§ 40 Abs. 2 StrlSchV)', `Dokument ${plant.AcceptanceDocumentUuid}`],
            ] as Line[])
          : []),
      ],
    },
    {
      heading: 'Behälter',
      lines: [['Bezeichnung', c.Name], ['Kennung', c.Uuid], averagingMassLine(c, notice), ...corrections],
    },
    {
      heading: 'Inhalte',
      table: {
        columns: ['Art', 'Kennung', 'Nuklid', 'Aktivität (Bq)', 'Bezugszeitpunkt', 'Verunreinigungen (Anteil)'],
        rows: facts.contents.map((content) => [
          content.Kind === 'CYCLOTRON_PRODUCT' ? 'Zyklotronprodukt' : 'Generatoreluat',
          content.ContentId,
          content.Nuclide,
          formatEntered(content.Activity),
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
          formatBound(n.ValueUsedBqPerG, n.BelowDecisionThreshold),
          formatBound(n.SpecificActivityBqPerG, n.BelowDecisionThreshold),
          formatEntered(n.ClearanceLevelBqPerG),
          formatBound(n.Ratio, n.BelowDecisionThreshold),
        ]),
      },
    },
    verdictSection(facts),
    ...(facts.chart ? [{ heading: facts.chart.title, chart: facts.chart } satisfies RecordSection] : []),
    {
      heading: 'Feststellung',
      lines: [
        ['Festgestellt von (Strahlenschutzbeauftragte/r)', row.ReleasedByName ?? nameOf(row.ReleasedBy)],
        ['Zeitpunkt der Feststellung', utc(row.ReleasedAt)],
        ...optional(facts.justification, (note) => ['Bemerkung', note]),
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

/** When a record made `now` may be destroyed: `years` later (RECORD_RETENTION_YEARS unless a regime keeps another). */
export function keptUntil(now: Date, years = RECORD_RETENTION_YEARS): Date {
  const until = new Date(now.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}
