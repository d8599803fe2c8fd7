/** A report of the material book in a media type besides JSON: CSV in the request's language, or a PDF/A record. */
import type { ReleaseRecordContent } from '../../shared/domain/record-content';
import { renderReleaseRecord } from '../../shared/records/pdf';
import type { ApiReply } from '../../shared/http/types';
import type { Language } from '../../shared/i18n/messages';

export async function reportReply(
  media: 'text/csv' | 'application/pdf',
  language: Language,
  csv: () => string,
  record: () => ReleaseRecordContent,
): Promise<ApiReply> {
  if (media === 'text/csv') return { body: undefined, raw: { contentType: 'text/csv; charset=utf-8', text: csv() } };
  // The renderer loads the PDF library when a report is drawn, never at a cold start.
  const bytes = await renderReleaseRecord(record(), new Date());
  return { body: undefined, raw: { contentType: 'application/pdf', bytes }, headers: { 'Content-Language': language } };
}
