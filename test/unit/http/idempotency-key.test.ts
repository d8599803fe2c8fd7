/** shared/http/idempotency-key.ts: what an Idempotency-Key may look like. */
import { describe, expect, it } from 'vitest';
import { KEY_PATTERN } from '../../../shared/http/idempotency-key';

describe('an Idempotency-Key', () => {
  it('is a UUID or a token of up to 128 letters, digits and _ . : -', () => {
    for (const key of ['3f2c1a9e-8b7d-4c6e-9f01-23456789abcd', 'order:2026.11_25-a', 'x', 'k'.repeat(128)])
      expect(KEY_PATTERN.test(key), key).toBe(true);
  });

  it('is nothing empty, longer, spaced, or reaching into another key space', () => {
    for (const key of ['', 'k'.repeat(129), 'a b', 'a/b', 'ä', 'a#b', 'key\n'])
      expect(KEY_PATTERN.test(key), JSON.stringify(key)).toBe(false);
  });
});
