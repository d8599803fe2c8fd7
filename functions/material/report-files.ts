/**
 * A report of the material book in a media type besides JSON: CSV in the request's language, or a PDF/A record.
 * Bundled apart (infra/bundling.ts LAZY_MODULES) and imported by the report functions only for a `text/csv` or
 * `application/pdf` request, so a JSON request's cold start neither compiles nor runs the CSV and record code.
 */
import { monthCsv, monthRecord, yearEndCsv, yearEndRecord } from '../../shared/domain/material-report-documents';
import type { MonthReport, YearEndReport } from '../../shared/domain/material-report';
import type { ReleaseRecordContent } from '../../shared/domain/record-content';
import type { ApiReply } from '../../shared/http/types';
import type { Language } from '../../shared/i18n/messages';
import { renderReleaseRecord } from '../../shared/records/pdf';

export type ReportMedia = 'text/csv' | 'application/pdf';

async function reportFile(
  media: ReportMedia,
  language: Language,
  csv: () => string,
  record: () => ReleaseRecordContent,
): Promise<ApiReply> {
  if (media === 'text/csv') return { body: undefined, raw: { contentType: 'text/csv; charset=utf-8', text: csv() } };
  // The renderer loads the PDF library when a report is drawn (an installed package, never bundled).
  const bytes = await renderReleaseRecord(record(), new Date());
  return { body: undefined, raw: { contentType: 'application/pdf', bytes }, headers: { 'Content-Language': language } };
}

export const monthFile = (media: ReportMedia, language: Language, report: MonthReport): Promise<ApiReply> =>
  reportFile(
    media,
    language,
    () => monthCsv(report, language),
    () => monthRecord(report),
  );

export const yearEndFile = (media: ReportMedia, language: Language, report: YearEndReport): Promise<ApiReply> =>
  reportFile(
    media,
    language,
    () => yearEndCsv(report, language),
    () => yearEndRecord(report),
  );
