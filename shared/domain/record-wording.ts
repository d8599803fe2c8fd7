/**
 * How the release record and the register's CSV speak: computed figures rounded once to the precision a measurement
 * supports (three significant digits) in one notation per document, what a person entered (a mass, counts, a
 * declared activity) as entered, times in UTC, a notice's legal dates as dates, and the German names of the release
 * types, waste forms, geometries, instrument kinds and measurement methods (the record speaks to an officer or an
 * inspector, never in API member names). Pure: no AWS, no HTTP.
 */
import type { Geometry } from './decision-measurement';
import type { MeasurementMethod } from './release-register';
import type { BookedReleaseType, WasteForm } from './release-types';

/** Significant digits of a computed figure (ISO 11929 results carry no more). */
export const FIGURE_DIGITS = 3;

/** The decimal mark of a document: the German record and CSV a comma, the English CSV a point. */
export type DecimalMark = ',' | '.';

/**
 * A computed figure (an activity, an uncertainty, a limit, a ratio, a sum) as a document prints it: three significant
 * digits in scientific notation, `9,50E-04`, the one form for every such figure of the document (a spreadsheet reads
 * it as a number); 0 as `0`; a dash for none.
 */
export function formatFigure(value: number | null, mark: DecimalMark = ','): string {
  if (value === null) return '–';
  if (value === 0) return '0';
  const [mantissa, exponent] = value.toExponential(FIGURE_DIGITS - 1).split('e') as [string, string];
  const power = Number(exponent);
  const digits = String(Math.abs(power)).padStart(2, '0');
  return `${mantissa.replace('.', mark)}E${power < 0 ? '-' : '+'}${digits}`;
}

/** A figure below the detection limit (the value used is a#): `< 2,00E-03`. */
export const formatBound = (value: number | null, below: boolean | null, mark: DecimalMark = ','): string =>
  `${below ? '<' : ''}${formatFigure(value, mark)}`;

/**
 * A quantity a person entered (a mass in kg, counts, seconds, an area, a declared activity, a declared fraction) as
 * entered: its digits kept (up to 10 significant), the document's decimal mark, no thousands separator.
 */
export function formatEntered(value: number | null, mark: DecimalMark = ','): string {
  if (value === null) return '–';
  const text = Number(value.toPrecision(10)).toLocaleString('en-US', {
    useGrouping: false,
    maximumFractionDigits: 20,
  });
  return text.replace('.', mark);
}

/**
 * A number as the material book's German reports print it (shared/domain/material-report.ts): four significant digits,
 * decimal comma, exponent when far from 1.
 */
export function formatNumber(value: number | null): string {
  if (value === null) return '–';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-3) return value.toExponential(3).replace('.', ',');
  return value.toLocaleString('de-DE', { maximumSignificantDigits: 4 });
}

/** A timestamp as the record prints it. */
export const utc = (timestamp: string | null) => (timestamp === null ? '–' : `${timestamp} UTC`);

/** A legal date of a notice (its issue, its validity) as the authority wrote it: a date, `15.01.2026`. */
export const legalDate = (timestamp: string | null) =>
  timestamp === null ? '–' : `${timestamp.slice(8, 10)}.${timestamp.slice(5, 7)}.${timestamp.slice(0, 4)}`;

/** The release types as the record names them, with their legal basis (a line booked before issue 36 included). */
export const RELEASE_TYPE_TEXT: Readonly<Record<BookedReleaseType, { name: string; basis: string; values: string }>> = {
  UNRESTRICTED: {
    name: 'uneingeschränkte Freigabe',
    basis: 'StrlSchV § 35, Festlegungen nach Anlage 8 Teil A Nr. 1 und Teil B',
    values: 'Anlage 4 Tabelle 1 Spalte 3 (Bq/g), Oberflächenkontamination Spalte 5 (Bq/cm²)',
  },
  SPECIFIC_LANDFILL: {
    name: 'spezifische Freigabe von festen Stoffen zur Beseitigung auf Deponien (bis 100 Mg im Kalenderjahr)',
    basis: 'StrlSchV § 36 Abs. 1 Nr. 3, Festlegungen nach Anlage 8 Teil A Nr. 1 und Teil C',
    values: 'Anlage 4 Tabelle 1 Spalte 8 (Bq/g), Oberflächenkontamination Spalte 5 (Bq/cm²)',
  },
  SPECIFIC_INCINERATION: {
    name: 'spezifische Freigabe von Stoffen zur Beseitigung in einer Verbrennungsanlage (bis 100 Mg im Kalenderjahr)',
    basis: 'StrlSchV § 36 Abs. 1 Nr. 4, Festlegungen nach Anlage 8 Teil A Nr. 1 und Teil C',
    values: 'Anlage 4 Tabelle 1 Spalte 9 (Bq/g), Oberflächenkontamination Spalte 5 (Bq/cm²)',
  },
  INDIVIDUAL: {
    name: 'Freigabe im Einzelfall',
    basis: 'StrlSchV § 37, Festlegungen nach Anlage 8 Teil A Nr. 2',
    values: 'Werte des Freigabebescheids (Bq/g, Bq/cm²)',
  },
  DECAY_IN_STORAGE: {
    name: 'Beseitigung nach Abklinglagerung (USA)',
    basis: '10 CFR 35.92',
    values: 'nicht vom Untergrund unterscheidbar an der Behälteroberfläche',
  },
  SPECIFIC_DISPOSAL: {
    name: 'spezifische Freigabe zur Beseitigung (gebucht vor der Trennung nach Deponie und Verbrennungsanlage)',
    basis: 'StrlSchV § 36 Abs. 1 Nr. 3 und 4, Festlegungen nach Anlage 8 Teil A Nr. 1 und Teil C',
    values: 'Anlage 4 Tabelle 1 Spalte 8 und 9, je Nuklid der niedrigere Wert (Bq/g); Spalte 5 (Bq/cm²)',
  },
};

export const WASTE_FORM_TEXT: Readonly<Record<WasteForm, string>> = {
  SOLID: 'fester Stoff',
  LIQUID_AQUEOUS: 'wässrige Flüssigkeit',
  LIQUID_ORGANIC: 'organisches Lösungs- oder Kühlmittel',
  OIL: 'Öl oder ölhaltige Flüssigkeit',
  GAS: 'Gas',
};

export const GEOMETRY_TEXT: Readonly<Record<Geometry, string>> = {
  BAG: 'Sack im Messplatz',
  BOX: 'Kiste im Messplatz',
  DRUM: 'Fass im Messplatz',
  BOTTLE: 'Flasche im Messplatz',
  SURFACE: 'Sonde über der Oberfläche',
};

export const INSTRUMENT_KIND_TEXT: Readonly<Record<string, string>> = {
  FREE_RELEASE_MONITOR: 'Freimessanlage',
  CONTAMINATION_MONITOR: 'Kontaminationsmonitor',
  DOSE_RATE_METER: 'Dosisleistungsmessgerät',
  WELL_COUNTER: 'Bohrlochmessplatz',
  GAMMA_SPECTROMETER: 'Gammaspektrometer',
  SURVEY_METER: 'Ortsdosisleistungs- oder Zählratenmessgerät (Survey Meter)',
};

/** The measurement methods (Verfahren der Freimessung) as the German register names them. */
export const MEASUREMENT_METHOD_TEXT: Readonly<Record<MeasurementMethod, string>> = {
  GROSS_ACTIVITY_PER_MASS: 'Entscheidungsmessung der Bruttoaktivität je Masse',
  GROSS_ACTIVITY_PER_MASS_AND_SURFACE:
    'Entscheidungsmessung der Bruttoaktivität je Masse und der Oberflächenkontamination',
  SURVEY_AT_SURFACE: 'Messung an der Behälteroberfläche gegen den Untergrund (10 CFR 35.92)',
};
