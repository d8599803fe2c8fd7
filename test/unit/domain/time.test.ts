/** shared/domain/time.ts: the interface's timestamp format. */
import { describe, expect, it } from 'vitest';
import { formatTimestamp, parseTimestamp } from '../../../shared/domain/time';

describe('timestamps (YYYY-MM-DD HH:MM:SS, UTC)', () => {
  it('reads and writes the interface format', () => {
    const date = parseTimestamp('2024-02-29 23:59:59');
    expect(date?.toISOString()).toBe('2024-02-29T23:59:59.000Z');
    expect(formatTimestamp(date!)).toBe('2024-02-29 23:59:59');
  });

  it.each([
    '2025-02-29 10:00:00', // not a leap year
    '2025-04-31 10:00:00',
    '2025-13-01 10:00:00',
    '2025-00-10 10:00:00',
    '2025-01-01 24:00:00',
    '2025-01-01 10:60:00',
    '2025-01-01 10:00:60',
    '2025-01-01T10:00:00',
    '2025-01-01 10:00',
    '2025-1-01 10:00:00',
    ' 2025-01-01 10:00:00',
    '2025-01-01 10:00:00Z',
  ])('refuses %j', (text) => {
    expect(parseTimestamp(text)).toBeUndefined();
  });
});
