import { describe, expect, it } from 'vitest';
import {
  calendarMonth,
  calendarYear,
  DEFAULT_TIME_ZONE,
  instantOf,
  isTimeZone,
  localTimestamp,
  localYearOf,
} from '../../../shared/domain/calendar';
import { formatTimestamp } from '../../../shared/domain/time';

const BERLIN = DEFAULT_TIME_ZONE;
const at = (local: string, zone: string) => {
  const [date, time] = local.split(' ');
  const [year, month, day] = date!.split('-').map(Number);
  const [hour, minute, second] = time!.split(':').map(Number);
  return formatTimestamp(
    instantOf({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! }, zone),
  );
};

describe('the facility calendar', () => {
  it('counts New Year’s night where the facility is: 23:30 UTC on 31 December is already next year in Berlin', () => {
    expect(localYearOf('2026-12-31 22:59:59', BERLIN)).toBe(2026);
    expect(localYearOf('2026-12-31 23:00:00', BERLIN)).toBe(2027);
    expect(localYearOf('2026-12-31 23:30:00', 'UTC')).toBe(2026);
    expect(localYearOf('2027-01-01 04:59:59', 'America/New_York')).toBe(2026);
    expect(localYearOf('2027-01-01 05:00:00', 'America/New_York')).toBe(2027);
  });

  it('gives a year and a month as UTC spans, winter and summer time', () => {
    expect(calendarYear(2027, BERLIN)).toEqual({ from: '2026-12-31 23:00:00', until: '2027-12-31 23:00:00' });
    expect(calendarMonth(2026, 7, BERLIN)).toEqual({ from: '2026-06-30 22:00:00', until: '2026-07-31 22:00:00' });
    // October holds the return to winter time: it starts at +2 h and ends at +1 h.
    expect(calendarMonth(2026, 10, BERLIN)).toEqual({ from: '2026-09-30 22:00:00', until: '2026-10-31 23:00:00' });
    expect(calendarMonth(2026, 12, BERLIN)).toEqual({ from: '2026-11-30 23:00:00', until: '2026-12-31 23:00:00' });
    expect(calendarMonth(2026, 3, 'America/Chicago')).toEqual({
      from: '2026-03-01 06:00:00',
      until: '2026-04-01 05:00:00',
    });
  });

  it('reads a skipped wall time with the offset before the jump and a doubled one to its first showing', () => {
    // 29 March 2026: Berlin's clocks jump from 02:00 to 03:00.
    expect(at('2026-03-29 02:30:00', BERLIN)).toBe('2026-03-29 01:30:00');
    expect(at('2026-03-29 03:00:00', BERLIN)).toBe('2026-03-29 01:00:00');
    // 25 October 2026: 02:30 is shown twice; first at 00:30 UTC.
    expect(at('2026-10-25 02:30:00', BERLIN)).toBe('2026-10-25 00:30:00');
    expect(localTimestamp('2026-10-25 01:30:00', BERLIN)).toBe('2026-10-25 02:30:00');
  });

  it('shows a UTC timestamp on the facility’s clock', () => {
    expect(localTimestamp('2026-01-15 12:00:00', BERLIN)).toBe('2026-01-15 13:00:00');
    expect(localTimestamp('2026-07-15 12:00:00', 'America/Los_Angeles')).toBe('2026-07-15 05:00:00');
  });

  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('+02:00')).toBe(false);
  });
});
