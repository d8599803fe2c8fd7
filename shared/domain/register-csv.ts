/**
 * The release register's CSV (shared/domain/release-register.ts) in two forms: RFC 4180 with English headers, and the
 * one a German spreadsheet opens (`;`, decimal commas, a byte-order mark, German headers with units, every code in
 * words). Pure: no AWS, no HTTP.
 */
import { CSV_DIALECTS, type CsvDialect, csvText } from './csv';
import {
  type DecimalMark,
  formatBound,
  formatEntered,
  formatFigure,
  MEASUREMENT_METHOD_TEXT,
  RELEASE_TYPE_TEXT,
  WASTE_FORM_TEXT,
} from './record-wording';
import type { MeasurementMethod, RegisterLine, RegisterSurvey } from './release-register';
import type { BookedReleaseType, WasteForm } from './release-types';

/** The German headers of the CSV, with units. */
const GERMAN_HEADERS: Readonly<Record<keyof RegisterLine, string>> = {
  ContainerUuid: 'Behälter-Kennung',
  Name: 'Behälter',
  ReleasedAt: 'Zeitpunkt der Feststellung (UTC)',
  ReleasedBy: 'Strahlenschutzbeauftragte/r (Kennung)',
  ReleasedByName: 'Strahlenschutzbeauftragte/r',
  Weight: 'Masse (kg)',
  WasteForm: 'Abfallform',
  SumOfRatios: 'Summe der Verhältniszahlen',
  Surface: 'Oberflächenkontamination (Summe der Verhältniszahlen, verwendeter Wert in Bq/cm²)',
  Nuclides: 'Nuklide (Bq/g zum Zeitpunkt der Feststellung, verwendeter Wert der Entscheidungsmessung)',
  MeasurementMethod: 'Verfahren der Freimessung',
  InstrumentSerialNumber: 'Messgerät (Seriennummer)',
  DecisionMeasurementAt: 'Entscheidungsmessung (UTC)',
  ReleaseType: 'Art der Freigabe',
  DisposalPlant: 'Beseitigungsanlage (tatsächlicher Verbleib)',
  ClearanceNoticeUuid: 'Freigabebescheid (Kennung)',
  ClearanceNoticeFileNumber: 'Freigabebescheid (Aktenzeichen)',
  Justification: 'Bemerkung',
  RecordDocumentUuid: 'Protokoll (Dokument)',
  Survey: 'Messung an der Oberfläche (Abklinglagerung)',
  Activities: 'Aktivitäten (Bq, µCi)',
  SealedAt: 'Verschlossen (UTC)',
  PreviousSha256: 'Vorige Zeile (SHA-256)',
  RecordSha256: 'Protokoll (SHA-256)',
  LineSha256: 'Zeile (SHA-256)',
};

interface Dialect {
  /** Between the entries of a list in one cell (never the cell separator). */
  list: string;
  mark: DecimalMark;
  header: (c: keyof RegisterLine) => string;
  /** A code of the API in the dialect's words. */
  words: {
    releaseType: (t: BookedReleaseType) => string;
    form: (f: WasteForm) => string;
    method: (m: MeasurementMethod) => string;
  };
  used: string;
  sum: string;
}

const DIALECTS: Readonly<Record<CsvDialect, Dialect>> = {
  // RFC 4180 with English headers: the codes of the API, figures as 9.50E-04.
  en: {
    list: CSV_DIALECTS.en.list,
    mark: '.',
    header: (c) => c,
    words: { releaseType: (t) => t, form: (f) => f, method: (m) => m },
    used: 'used',
    sum: 'sum',
  },
  // What German spreadsheets open: `;`, decimal commas, a BOM, German headers, every code in words as on the record.
  de: {
    list: CSV_DIALECTS.de.list,
    mark: ',',
    header: (c) => GERMAN_HEADERS[c],
    words: {
      releaseType: (t) => RELEASE_TYPE_TEXT[t].name,
      form: (f) => WASTE_FORM_TEXT[f],
      method: (m) => MEASUREMENT_METHOD_TEXT[m],
    },
    used: 'verwendet',
    sum: 'Summe',
  },
};

/** The survey of a disposal after decay-in-storage in one cell: what 10 CFR 35.2092 names. */
const surveyCell = (s: RegisterSurvey, d: Dialect) =>
  [
    `surveyed ${s.SurveyedAt} UTC by ${s.SurveyedByName ?? s.SurveyedBy}`,
    `instrument ${s.InstrumentName}, model ${s.InstrumentModel}, serial number ${s.InstrumentSerialNumber}`,
    `calibrated ${s.CalibratedAt}`,
    `scale ${s.Scale}`,
    `background ${formatFigure(s.Background, d.mark)} ${s.Unit}`,
    `surface ${formatFigure(s.Surface, d.mark)} ${s.Unit}`,
    `net ${formatFigure(s.NetReading, d.mark)} ≤ decision threshold ${formatFigure(s.DecisionThreshold, d.mark)}`,
  ].join(d.list);

/** A register cell's value in a dialect (null: an empty cell). */
function cellOf(row: RegisterLine, column: keyof RegisterLine, d: Dialect): unknown {
  const below = row.Nuclides.some((n) => n.BelowDecisionThreshold === true);
  switch (column) {
    case 'Weight':
      // g in English, kg in German, as weighed.
      if (row.Weight === null) return null;
      return d.mark === '.' ? formatEntered(row.Weight, d.mark) : formatEntered(row.Weight / 1000, d.mark);
    case 'WasteForm':
      return row.WasteForm && d.words.form(row.WasteForm);
    case 'SumOfRatios':
      return row.SumOfRatios === null ? null : formatBound(row.SumOfRatios, below, d.mark);
    case 'Nuclides':
      // Each nuclide at the determination, and the value the decision measurement used; `<` below the threshold.
      return row.Nuclides.map((n) => {
        const at =
          n.SpecificActivityBqPerG === null
            ? ''
            : formatBound(n.SpecificActivityBqPerG, n.BelowDecisionThreshold, d.mark);
        const used =
          n.ValueUsedBqPerG === null
            ? ''
            : ` (${d.used} ${formatBound(n.ValueUsedBqPerG, n.BelowDecisionThreshold, d.mark)})`;
        return `${n.Nuclide}=${at}${used}`;
      }).join(d.list);
    case 'Surface': {
      const surface = row.Surface;
      if (!surface) return null;
      const sum =
        surface.SumOfRatios === null ? '–' : formatBound(surface.SumOfRatios, surface.BelowDecisionThreshold, d.mark);
      const used = formatBound(surface.ValueUsedBqPerCm2, surface.BelowDecisionThreshold, d.mark);
      return `${d.sum} ${sum}${d.list}${d.used} ${used} Bq/cm²`;
    }
    case 'MeasurementMethod':
      return d.words.method(row.MeasurementMethod);
    case 'ReleaseType':
      return d.words.releaseType(row.ReleaseType);
    case 'DisposalPlant':
      return row.DisposalPlant ? `${row.DisposalPlant.Name}, ${row.DisposalPlant.Address}` : null;
    case 'Survey':
      return row.Survey ? surveyCell(row.Survey, d) : null;
    case 'Activities':
      // Each nuclide's estimated activity at the disposal, in Bq and µCi.
      return row.Activities?.map(
        (a) =>
          `${a.Nuclide}=${formatFigure(a.ActivityBq, d.mark)} Bq (${formatFigure(a.ActivityMicroCurie, d.mark)} µCi)`,
      ).join(d.list);
    default: {
      const value = row[column];
      return typeof value === 'number' ? formatFigure(value, d.mark) : value;
    }
  }
}

/**
 * The register as CSV: a header row, one line per release. Nuclides are one cell, `nuclide=Bq/g (used Bq/g)` joined by
 * the dialect's list separator (never the cell separator), `<` where nothing was detected; the mass is g in English,
 * kg in German; computed figures have three significant digits.
 */
export function registerCsv(
  columns: readonly (keyof RegisterLine)[],
  rows: readonly RegisterLine[],
  dialect: CsvDialect = 'en',
): string {
  const d = DIALECTS[dialect];
  return csvText(
    columns.map((c) => d.header(c)),
    rows.map((row) => columns.map((c) => cellOf(row, c, d))),
    dialect,
  );
}
