import Negotiator from 'negotiator';
import { details, LANGUAGES, LEVELS, messages, type DetailKey, type Language, type MessageKey, type Params } from './messages';

/** The language for a request: the best `Accept-Language` match (q-values honoured), else English. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'en';
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LANGUAGES]);
  return (best as Language | undefined) ?? 'en';
}

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

export function notification(spec: NotificationSpec, language: Language): Notification {
  const def = messages[spec.key];
  return {
    Type: def.type,
    Message: spec.key,
    LocalizedMessage: fill(def[language], spec.params),
    Level: LEVELS[def.level],
    LevelAsString: def.level,
    Details: (spec.details ?? []).map((d) => fill(details[d.key][language], d.params)),
    Code: def.code,
  };
}
