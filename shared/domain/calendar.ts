/**
 * The facility's calendar: rules that count by calendar day, month or year (a month's material report, the 100 Mg a
 * year of specific release, the year-end stock) count them where the facility is, while every stored and answered
 * timestamp stays UTC. A time zone is an IANA name; the service's default is the German one. Pure: Intl only.
 */
import { formatTimestamp, parseTimestamp } from './time';

/** Where a facility is unless it says otherwise. */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/** Whether `name` is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** A wall-clock time: what a clock in the facility shows. */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What the facility's clock showed at `instant`. */
export function localTimeOf(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  return {
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const wallMs = (t: LocalTime): number => {
  const date = new Date(0);
  date.setUTCFullYear(t.year, t.month - 1, t.day);
  date.setUTCHours(t.hour, t.minute, t.second, 0);
  return date.getTime();
};

/** The zone's offset from UTC at `instant`, in ms (Berlin in winter: +3,600,000). */
const offsetAt = (instant: number, timeZone: string): number =>
  wallMs(localTimeOf(new Date(instant), timeZone)) - instant;

/**
 * The instant the facility's clock first shows `local`. A time skipped when clocks go forward is read with the offset
 * before the change (02:30 on a night that jumps from 02:00 to 03:00 is 03:30), as Temporal's `compatible` does, so a
 * skipped midnight is the first instant of its day; a time shown twice when they go back is its first showing.
 */
export function instantOf(local: LocalTime, timeZone: string): Date {
  const wall = wallMs(local);
  // Two offsets around the moment: before and after a change of the zone's offset.
  const candidates = [offsetAt(wall - 86_400_000, timeZone), offsetAt(wall + 86_400_000, timeZone)]
    .map((offset) => wall - offset)
    .filter((instant) => wallMs(localTimeOf(new Date(instant), timeZone)) === wall)
    .sort((a, b) => a - b);
  if (candidates.length) return new Date(candidates[0]!);
  // In a gap: the clock jumps over `local`; read with the offset before the jump.
  return new Date(wall - offsetAt(wall - 86_400_000, timeZone));
}

/** A span of UTC timestamps, `from` included, `until` excluded. */
export interface Span {
  from: string;
  until: string;
}

const midnight = (year: number, month: number, day = 1): LocalTime => ({
  year,
  month,
  day,
  hour: 0,
  minute: 0,
  second: 0,
});

/** The calendar year `year` where the facility is, as UTC timestamps. */
export const calendarYear = (year: number, timeZone: string): Span => ({
  from: formatTimestamp(instantOf(midnight(year, 1), timeZone)),
  until: formatTimestamp(instantOf(midnight(year + 1, 1), timeZone)),
});

/** The calendar month `month` (1-12) of `year` where the facility is, as UTC timestamps. */
export const calendarMonth = (year: number, month: number, timeZone: string): Span => ({
  from: formatTimestamp(instantOf(midnight(year, month), timeZone)),
  until: formatTimestamp(instantOf(month === 12 ? midnight(year + 1, 1) : midnight(year, month + 1), timeZone)),
});

/** The calendar year a UTC timestamp falls in where the facility is. */
export function localYearOf(timestamp: string, timeZone: string): number {
  const instant = parseTimestamp(timestamp);
  if (!instant) throw new RangeError(`not a timestamp: ${timestamp}`);
  return localTimeOf(instant, timeZone).year;
}

/** A UTC timestamp as the facility's clock showed it: `YYYY-MM-DD HH:MM:SS` local. */
export function localTimestamp(timestamp: string, timeZone: string): string {
  const instant = parseTimestamp(timestamp);
  if (!instant) throw new RangeError(`not a timestamp: ${timestamp}`);
  const t = localTimeOf(instant, timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}
