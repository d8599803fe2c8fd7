/**
 * A waste container's radiation label: what it says, in the words of the facility's regime. The German label follows
 * StrlSchV § 91 Abs. 1 (the radiation sign of Anlage 10, black on yellow, with the word "Radioaktiv"); the US label
 * 10 CFR 20.1904 (a), "CAUTION, RADIOACTIVE MATERIAL" with the radionuclides, an estimate of the activity and the date
 * of the estimate (20.1904 (b)). Both carry the container's name and id, the date it was sealed, the predicted release
 * date and a QR code of the container's API path, so that a scan opens the container. The layout is drawn by
 * shared/records/label-pdf.ts. Pure: no AWS, no HTTP.
 */
import { decay, HALF_LIVES } from './decay';
import type { VectorContent } from './nuclide-vector';
import { parseTimestamp } from './time';

/** The words of a regime's label (one constant per regime; the regime module names its own). */
export interface LabelWords {
  /** The warning the law prescribes, printed beside the radiation sign. */
  readonly hazard: string;
  readonly language: 'de' | 'en';
  /** How dates and numbers are written (BCP 47). */
  readonly locale: 'de-DE' | 'en-US';
  /** Activities in curies beside becquerels (a US label). */
  readonly curies: boolean;
  /** The provision the label follows, printed small at its foot. */
  readonly basis: string;
  readonly terms: {
    readonly container: string;
    readonly nuclides: string;
    readonly activity: string;
    readonly sealed: string;
    readonly release: string;
    readonly notSealed: string;
    readonly notPredicted: string;
    readonly notStated: string;
    readonly more: string;
  };
}

export const DE_LABEL_WORDS: LabelWords = {
  hazard: 'Radioaktiv',
  language: 'de',
  locale: 'de-DE',
  curies: false,
  basis: 'Kennzeichnung nach § 91 Abs. 1 StrlSchV (Strahlenzeichen nach Anlage 10)',
  terms: {
    container: 'Behälter',
    nuclides: 'Nuklide',
    activity: 'Aktivität (geschätzt) am {date}',
    sealed: 'Verschlossen',
    release: 'Freigabe voraussichtlich',
    notSealed: 'noch offen',
    notPredicted: 'nicht vorhersagbar',
    notStated: 'nicht angegeben',
    more: 'und {count} weitere',
  },
};

export const US_LABEL_WORDS: LabelWords = {
  hazard: 'CAUTION, RADIOACTIVE MATERIAL',
  language: 'en',
  locale: 'en-US',
  curies: true,
  basis: 'Labeled under 10 CFR 20.1904',
  terms: {
    container: 'Container',
    nuclides: 'Radionuclides',
    activity: 'Estimated activity on {date}',
    sealed: 'Sealed',
    release: 'Predicted release',
    notSealed: 'not sealed',
    notPredicted: 'not predictable',
    notStated: 'not stated',
    more: 'and {count} more',
  },
};

/** The nuclides a label lists one by one; the rest are counted ("and 3 more"). */
export const LABEL_NUCLIDES = 4;

/** What a label shows, as text, in the order drawn. */
export interface LabelContent {
  readonly hazard: string;
  readonly language: 'de' | 'en';
  /** The label's own lines: [term, value]. */
  readonly lines: readonly (readonly [string, string])[];
  /** One line per nuclide (its estimated activity), at most LABEL_NUCLIDES and a count of the rest. */
  readonly activities: readonly string[];
  readonly activityHeading: string;
  readonly basis: string;
  /** What the QR code holds: the container's API path. */
  readonly code: string;
  /** The container's id, printed under the code. */
  readonly id: string;
}

/** What a label is made of. */
export interface LabelInput {
  readonly container: { readonly Uuid: string; readonly Name: string; readonly ReleaseDateTime: string | null };
  readonly contents: readonly VectorContent[];
  /** When the container was sealed (it last entered DECAY), or null while it is open. */
  readonly sealedAt: string | null;
  /** The container's API path, for the QR code. */
  readonly path: string;
  /** The time of the activity estimate: when the label is printed. */
  readonly now: Date;
  readonly timeZone: string;
  readonly words: LabelWords;
}

const BQ_PER_CURIE = 3.7e10;
const PREFIXES = [
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
  [1e-3, 'm'],
  [1e-6, 'µ'],
  [1e-9, 'n'],
  [1e-12, 'p'],
] as const;

/** An activity with the SI prefix that gives one to three digits before the mark, three significant digits. */
export function formatActivity(value: number, unit: 'Bq' | 'Ci', locale: LabelWords['locale']): string {
  if (value === 0) return `0 ${unit}`;
  const [factor, prefix] = PREFIXES.find(([f]) => value >= f * 0.9995) ?? PREFIXES[PREFIXES.length - 1]!;
  const digits = (value / factor).toLocaleString(locale, { maximumSignificantDigits: 3, useGrouping: false });
  return `${digits} ${prefix}${unit}`;
}

/** A time as the facility's clock shows it, with its zone: `29.11.2026, 08:15 MEZ`, `11/29/2026, 2:15 AM EST`. */
export function labelDate(instant: Date, words: LabelWords, timeZone: string): string {
  return new Intl.DateTimeFormat(words.locale, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}

/**
 * Each nuclide's activity at `now`, impurities included, decayed from each content's reference time; null for a
 * nuclide some content brings without an activity, a time or a known half-life.
 */
export function activitiesAt(contents: readonly VectorContent[], now: Date): Map<string, number | null> {
  const activities = new Map<string, number | null>();
  const add = (nuclide: string, activity: number | null, at: Date | undefined) => {
    const halfLife = HALF_LIVES[nuclide];
    const known = activities.has(nuclide) ? activities.get(nuclide)! : 0;
    if (activity === null || !at || halfLife === undefined || known === null) {
      activities.set(nuclide, null);
      return;
    }
    activities.set(nuclide, known + decay(activity, (now.getTime() - at.getTime()) / 1000, halfLife));
  };
  for (const content of contents) {
    const at = content.activityDateTime === null ? undefined : parseTimestamp(content.activityDateTime);
    add(content.nuclide, content.activity, at);
    for (const impurity of content.impurities ?? [])
      add(impurity.nuclide, content.activity === null ? null : content.activity * impurity.fraction, at);
  }
  return activities;
}

/** The label of a container: its lines in the regime's words, the estimate at `now`, the code of its path. */
export function containerLabel(input: LabelInput): LabelContent {
  const { words, timeZone } = input;
  const date = (timestamp: string | null, none: string) => {
    const instant = timestamp === null ? undefined : parseTimestamp(timestamp);
    return instant ? labelDate(instant, words, timeZone) : none;
  };
  const activities = [...activitiesAt(input.contents, input.now)]
    .sort(([, a], [, b]) => (b ?? Number.POSITIVE_INFINITY) - (a ?? Number.POSITIVE_INFINITY))
    .map(([nuclide, activity]) => {
      if (activity === null) return `${nuclide}: ${words.terms.notStated}`;
      const bq = formatActivity(activity, 'Bq', words.locale);
      return words.curies
        ? `${nuclide}: ${bq} (${formatActivity(activity / BQ_PER_CURIE, 'Ci', words.locale)})`
        : `${nuclide}: ${bq}`;
    });
  const shown =
    activities.length > LABEL_NUCLIDES
      ? [
          ...activities.slice(0, LABEL_NUCLIDES - 1),
          words.terms.more.replace('{count}', String(activities.length - LABEL_NUCLIDES + 1)),
        ]
      : activities;
  const nuclides = [...new Set(input.contents.map((c) => c.nuclide))];
  return {
    hazard: words.hazard,
    language: words.language,
    lines: [
      [words.terms.container, input.container.Name],
      [words.terms.nuclides, nuclides.length ? nuclides.join(', ') : '–'],
      [words.terms.sealed, date(input.sealedAt, words.terms.notSealed)],
      [words.terms.release, date(input.container.ReleaseDateTime, words.terms.notPredicted)],
    ],
    activityHeading: words.terms.activity.replace('{date}', labelDate(input.now, words, timeZone)),
    activities: shown.length ? shown : ['–'],
    basis: words.basis,
    code: input.path,
    id: input.container.Uuid,
  };
}
