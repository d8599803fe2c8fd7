/** The shape of a record's content: what it says, in order, as the PDF renderer lays it out (shared/records/pdf.ts). */
import type { DecayChart } from './decay-chart';

/** A section of a record: label-value lines, a table, paragraphs of text, or a chart. */
export type RecordSection =
  | { heading: string; lines: [label: string, value: string][] }
  | { heading: string; table: { columns: string[]; rows: string[][] } }
  | { heading: string; paragraphs: string[] }
  | { heading: string; chart: DecayChart };

/** What a release record says, in the order it says it (German, for the German authority, unless it says otherwise). */
export interface ReleaseRecordContent {
  /** The language its own words (the page numbers) are in; German when absent. */
  language?: 'de' | 'en';
  title: string;
  subtitle: string;
  sections: RecordSection[];
  footer: string;
}
