/**
 * Timestamps of the interface: `YYYY-MM-DD HH:MM:SS`, UTC, both ways, within the years 0001 to 9999
 * (what four digits hold). Every timestamp the service stores or answers lies in that range.
 */
export const TIMESTAMP_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The first and the last representable instant. */
export const EARLIEST_TIMESTAMP = '0001-01-01 00:00:00';
export const LATEST_TIMESTAMP = '9999-12-31 23:59:59';
const utc = (year: number, month: number, day: number, hour: number, minute: number, second: number): Date => {
  // Date.UTC reads the years 0 to 99 as 1900 to 1999; setUTCFullYear takes them as they are.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date;
};
const EARLIEST_MS = utc(1, 1, 1, 0, 0, 0).getTime();
export const LATEST_MS = utc(9999, 12, 31, 23, 59, 59).getTime();

/** True when `date` can be written as a timestamp (whole seconds are cut, as formatTimestamp does). */
export const isRepresentable = (date: Date): boolean => {
  const ms = date.getTime();
  return Number.isFinite(ms) && ms >= EARLIEST_MS && ms < LATEST_MS + 1000;
};

/** Parses a timestamp strictly: the format, the range and a real calendar date and time; otherwise undefined. */
export function parseTimestamp(text: string): Date | undefined {
  const m = TIMESTAMP_PATTERN.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = utc(year, month, day, hour, minute, second);
  // A day past the month's end rolls over into the next month: a real date comes back unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date;
}

export const isTimestamp = (text: string): boolean => parseTimestamp(text) !== undefined;

/** `YYYY-MM-DD HH:MM:SS` of an instant in the representable range (a RangeError outside it: never stored). */
export function formatTimestamp(date: Date): string {
  if (!isRepresentable(date)) throw new RangeError(`not a representable timestamp: ${date.getTime()} ms`);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** How far ahead of the server's clock a measurement's time may lie (clocks of devices drift). */
export const FUTURE_TOLERANCE_SECONDS = 5 * 60;
/** True when the timestamp lies more than FUTURE_TOLERANCE_SECONDS after `now`. */
export const isInTheFuture = (text: string, now: Date): boolean =>
  (parseTimestamp(text)?.getTime() ?? Number.NEGATIVE_INFINITY) > now.getTime() + FUTURE_TOLERANCE_SECONDS * 1000;
