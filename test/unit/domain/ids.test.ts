import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from '../../../shared/domain/ids';
import { IDENTIFIER_PATTERN } from '../../../shared/domain/values';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const id = timeOrderedUuid(new Date(0x0190_1234_5678));
    expect(id).toMatch(/^01901234-5678-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id).toMatch(IDENTIFIER_PATTERN);
  });

  it('sorts later ids after earlier ones, a millisecond apart', () => {
    const t = Date.UTC(2026, 10, 22, 12, 0, 0);
    const ids = Array.from({ length: 50 }, (_, i) => timeOrderedUuid(new Date(t + i)));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });
});
