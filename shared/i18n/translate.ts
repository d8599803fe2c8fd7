import {
  details,
  LANGUAGES,
  LEVELS,
  messages,
  type DetailKey,
  type Language,
  type MessageKey,
  type Params,
} from './messages';
import { decidingRange, qualityRanges } from '../quality-values';

/**
 * The language for a request from `Accept-Language` (RFC 9110 §12.5.4): each language takes the
 * q-value of the most specific range that matches it (`de` over `de-AT` over `*`); the highest q
 * wins, ties go to the range listed first, then to English. Nothing acceptable: English.
 */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'en';
  const ranges = qualityRanges(acceptLanguage);
  const specificity = (range: string, language: string) =>
    range === language ? 3 : range.split('-')[0] === language ? 2 : range === '*' ? 1 : 0;
  let best: { language: Language; q: number; index: number } | undefined;
  for (const language of LANGUAGES) {
    const match = decidingRange(ranges, language, specificity);
    if (!match || match.q <= 0) continue;
    if (!best || match.q > best.q || (match.q === best.q && match.index < best.index))
      best = { language, q: match.q, index: match.index };
  }
  return best?.language ?? 'en';
}

/** The German catalogue, once a request asked for German (bundled apart: infra/bundling.ts LAZY_MODULES). */
let german: typeof import('./messages-de') | undefined;

/**
 * Makes `language` ready to speak: German is loaded by the first request that asks for it, never at a cold start. Every
 * answer's language is picked through it (`languageOf`); a text asked for in German before it is loaded comes in
 * English, the interface's default, rather than fail the answer.
 */
export async function loadLanguage(language: Language): Promise<Language> {
  if (language === 'de') german ??= await import('./messages-de.js');
  return language;
}

/** The language for a request from `Accept-Language`, loaded (pickLanguage, loadLanguage). */
export const languageOf = (acceptLanguage: string | undefined): Promise<Language> =>
  loadLanguage(pickLanguage(acceptLanguage));

/** The German catalogue when `language` is German and it is loaded; otherwise the English stands. */
const germanFor = (language: Language) => (language === 'de' ? german : undefined);

const fill = (template: string, params: Params = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** A detail line to show: a catalogue key with its parameters. */
export interface Detail {
  key: DetailKey;
  params?: Params;
}

/** A notification before translation. */
export interface NotificationSpec {
  key: MessageKey;
  params?: Params;
  details?: Detail[];
}

/** The Notification element of the interface (§2.6). */
export interface Notification {
  Type: string;
  Message: string;
  LocalizedMessage: string;
  Level: number;
  LevelAsString: string;
  Details: string[];
  Code: number;
}

/** A detail line in `language`, its parameters filled in. */
export const detailText = (detail: Detail, language: Language): string =>
  fill(germanFor(language)?.germanDetails[detail.key] ?? details[detail.key].en, detail.params);

/** A notification lists at most this many detail lines; beyond them its message says how many there are. */
export const MAX_DETAILS = 50;

export function notification(spec: NotificationSpec, language: Language): Notification {
  const def = messages[spec.key];
  const lines = spec.details ?? [];
  const cut =
    lines.length > MAX_DETAILS
      ? ` ${detailText({ key: 'detail.listed', params: { shown: MAX_DETAILS, total: lines.length } }, language)}`
      : '';
  return {
    Type: def.type,
    Message: spec.key,
    LocalizedMessage: `${fill(germanFor(language)?.germanMessages[spec.key] ?? def.en, spec.params)}${cut}`,
    Level: LEVELS[def.level],
    LevelAsString: def.level,
    Details: lines.slice(0, MAX_DETAILS).map((d) => detailText(d, language)),
    Code: def.code,
  };
}
