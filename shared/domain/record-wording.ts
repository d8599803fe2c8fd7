/**
 * How the release record and the German register speak: numbers rounded once (four significant digits, decimal
 * comma), times in UTC, and the German names of the release types, waste forms, geometries and instrument kinds
 * (the record speaks to an officer or an inspector, never in API member names). Pure: no AWS, no HTTP.
 */
import type { Geometry } from './decision-measurement';
import type { ReleaseType, WasteForm } from './release-types';

/** A number as the record prints it: four significant digits, German decimal comma, exponent when far from 1. */
export function formatNumber(value: number | null): string {
  if (value === null) return '–';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-3) return value.toExponential(3).replace('.', ',');
  return value.toLocaleString('de-DE', { maximumSignificantDigits: 4 });
}

/** A timestamp as the record prints it. */
export const utc = (timestamp: string | null) => (timestamp === null ? '–' : `${timestamp} UTC`);

/** The release types as the record names them, with their legal basis. */
export const RELEASE_TYPE_TEXT: Readonly<Record<ReleaseType, { name: string; basis: string; values: string }>> = {
  UNRESTRICTED: {
    name: 'uneingeschränkte Freigabe',
    basis: 'StrlSchV § 35, Festlegungen nach Anlage 8 Teil A Nr. 1 und Teil B',
    values: 'Anlage 4 Tabelle 1 Spalte 3 (Bq/g), Oberflächenkontamination Spalte 5 (Bq/cm²)',
  },
  SPECIFIC_DISPOSAL: {
    name: 'spezifische Freigabe zur Beseitigung (Deponie oder Verbrennungsanlage, bis 100 Mg im Kalenderjahr)',
    basis: 'StrlSchV § 36 Abs. 1 Nr. 3 und 4, Festlegungen nach Anlage 8 Teil A Nr. 1 und Teil C',
    values:
      'Anlage 4 Tabelle 1 Spalte 8 und 9, je Nuklid der niedrigere Wert (Bq/g); Oberflächenkontamination Spalte 5 ' +
      '(Bq/cm²)',
  },
  INDIVIDUAL: {
    name: 'Freigabe im Einzelfall',
    basis: 'StrlSchV § 37, Festlegungen nach Anlage 8 Teil A Nr. 2',
    values: 'Werte des Freigabebescheids (Bq/g, Bq/cm²)',
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
};
