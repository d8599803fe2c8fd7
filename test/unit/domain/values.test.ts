/** shared/domain/values.ts: what an identifier, a text, a stored number and a page number may be. */
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  isIdentifier,
  isStorableNumber,
  isWellFormed,
  PAGE_PATTERN,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '../../../shared/domain/values';

describe('isIdentifier', () => {
  it.each(['a', 'A-z_0', '8d1c6e62-3f0e-4d5c-9d7a-0c6a1b2f3e41', 'x'.repeat(36)])('takes %j', (value) => {
    expect(isIdentifier(value)).toBe(true);
  });

  it.each(['', 'x'.repeat(37), 'a#b', 'a b', 'a/b', 'ü', 'a.b', 'a\n'])('refuses %j', (value) => {
    expect(isIdentifier(value)).toBe(false);
  });
});

describe('isWellFormed', () => {
  it('takes any text of whole code points, and refuses a lone surrogate of either half', () => {
    expect(isWellFormed('Prüfbericht 🧪')).toBe(true);
    expect(isWellFormed('')).toBe(true);
    expect(isWellFormed('a\ud800')).toBe(false);
    expect(isWellFormed('\udc00b')).toBe(false);
    expect(isWellFormed('\ud83e\uddea'.slice(0, 1))).toBe(false);
  });
});

describe('isStorableNumber', () => {
  it.each([0, -0, QUANTITY_MIN, 1.5, -2, QUANTITY_MAX, -QUANTITY_MAX])('stores %d exactly', (value) => {
    expect(isStorableNumber(value)).toBe(true);
  });

  it.each([QUANTITY_MIN / 10, QUANTITY_MAX + 2, Number.POSITIVE_INFINITY, Number.NaN, 1e-300])(
    'refuses %d',
    (value) => {
      expect(isStorableNumber(value)).toBe(false);
    },
  );
});

describe('PAGE_PATTERN', () => {
  it('is a positive whole number without sign or leading zero', () => {
    expect(['1', '9', '10', '12345'].every((p) => PAGE_PATTERN.test(p))).toBe(true);
    expect(['0', '01', '-1', '+1', '1.0', '1e2', '', ' 1'].some((p) => PAGE_PATTERN.test(p))).toBe(false);
  });
});

describe('canonicalJson', () => {
  it('reads equal values alike whatever the order of their members; arrays in order unless unordered', () => {
    const stored = { SurfaceActivity: null, Nuclide: 'Ge-68', SpecificActivity: 1 };
    const sent = { Nuclide: 'Ge-68', SpecificActivity: 1, SurfaceActivity: null };
    expect(canonicalJson([stored])).toBe(canonicalJson([sent]));
    expect(canonicalJson(['A', 'B'])).not.toBe(canonicalJson(['B', 'A']));
    expect(canonicalJson(['A', 'B'], true)).toBe(canonicalJson(['B', 'A'], true));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
    expect([canonicalJson(null), canonicalJson('x'), canonicalJson(undefined)]).toEqual(['null', '"x"', 'null']);
  });
});
