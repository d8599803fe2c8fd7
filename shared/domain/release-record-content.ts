/**
 * What a German release record says (StrlSchV § 42 Abs. 1, § 86): the holder and the site from the clearance notice,
 * the notice, the release type with its legal basis and the values used, the waste form, the mass and every
 * correction of it after closing, the contents with their impurities, the decision measurement with its instrument
 * and its figures, the surface or why there is none, the result, the officer and the time. Pure: the PDF renderer
 * only lays out a ReleaseRecordContent, so what a record says is tested without a PDF.
 */
import { AVERAGING_MASS_KG, averagingMassLimitG, type ClearanceNotice } from './clearance-notice';
import type { ContentModel } from './container-contents';
import type { ContainerRecord } from './container-fields';
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
import { RECORD_RETENTION_YEARS, type ReleaseFacts, registerRowOf } from './release-record';

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
