/**
 * shared/domain/material.ts: a movement takes a share of its item (its activity over the item's then), so an item's
 * remainder is its certificate's activity decayed to the moment times the share no movement made by then took (a
 * later or a corrected movement does not count), the same as the activity less every movement decayed alike, checked
 * by hand; a share of an item is stated at its reference time with its impurities as its certificate gives them; a
 * movement may exceed the remainder by the meter's 1 % and no more, and one that leaves at most 1 % uses the item up.
 */
import { describe, expect, it } from 'vitest';
import {
  activityAt,
  checkDrawable,
  checkMovable,
  contentKindOf,
  countedMovements,
  expectsImpurities,
  MAX_MOVEMENTS,
  type MaterialItem,
  METER_TOLERANCE,
  remainingAt,
  shareLeftAt,
  shareOfItem,
  stateAfter,
} from '../../../shared/domain/material';
import { errorOf } from '../../support/errors';
import { F18, item, movement, whole } from '../../support/material-items';

describe('activityAt', () => {
  it('decays by the half-life, grows back before the reference time, and keeps an unknown nuclide', () => {
    expect(activityAt('F-18', 1e10, '2026-11-20 08:00:00', '2026-11-20 10:00:00')).toBeCloseTo(
      1e10 * 0.5 ** (7200 / F18),
      0,
    );
    // One half-life of Ge-68 (270.95 days) later: half.
    expect(activityAt('Ge-68', 4e9, '2026-01-01 00:00:00', '2026-09-28 22:48:00')).toBeCloseTo(2e9, 3);
    expect(activityAt('F-18', 1e10, '2026-11-20 10:00:00', '2026-11-20 08:00:00')).toBeCloseTo(
      1e10 * 2 ** (7200 / F18),
      0,
    );
    expect(activityAt('Xx-1', 5, '2026-11-20 08:00:00', '2030-01-01 00:00:00')).toBe(5);
  });
});

describe('remainingAt', () => {
  it('is the certificate decayed to the moment: 10 GBq F-18 two hours on is 4.687 GBq', () => {
    expect(remainingAt(item(), '2026-11-20 10:00:00')).toBeCloseTo(4.687222e9, -3);
  });

  it('keeps the share no movement made by then took: the activity less each movement decayed alike', () => {
    // 4.687 GBq less the 2 GBq of 09:00 decayed one hour (1.369 GBq): 3.318 GBq. A movement at 11:00 has not happened.
    const moved = item([movement(1), movement(2, { MovedAt: '2026-11-20 11:00:00' })]);
    expect(movement(1).Portion).toBeCloseTo(0.29213, 5);
    expect(shareLeftAt(moved, '2026-11-20 10:00:00')).toBeCloseTo(1 - 2e9 / whole(3600), 15);
    expect(remainingAt(moved, '2026-11-20 10:00:00')).toBeCloseTo(
      1e10 * 0.5 ** (7200 / F18) - 2e9 * 0.5 ** (3600 / F18),
      0,
    );
    expect(remainingAt(moved, '2026-11-20 10:00:00')).toBeCloseTo(3.317957e9, -3);
    // At the moment of the movement it counts.
    expect(remainingAt(moved, '2026-11-20 09:00:00')).toBeCloseTo(1e10 * 0.5 ** (3600 / F18) - 2e9, 0);
    expect(remainingAt(moved, '2026-11-20 08:59:59')).toBeCloseTo(1e10 * 0.5 ** (3599 / F18), 0);
  });

  it('no longer counts a corrected movement', () => {
    const corrected = item([movement(1, { CorrectedBy: 'line-9' }), movement(2)]);
    expect(countedMovements(corrected).map((m) => m.Uuid)).toEqual(['m-2']);
    expect(remainingAt(corrected, '2026-11-20 10:00:00')).toBeCloseTo(
      remainingAt(item([movement(2)]), '2026-11-20 10:00:00'),
      0,
    );
  });
});

describe('impurities', () => {
  it("go with a share of the item as the certificate states them, at the item's reference time", () => {
    const eluate = {
      Nuclide: 'Ga-68',
      ActivityBq: 1e9,
      ActivityDateTime: '2026-11-20 08:00:00',
      Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
    };
    expect(shareOfItem(eluate, 0.25)).toEqual({
      nuclide: 'Ga-68',
      activityBq: 2.5e8,
      at: '2026-11-20 08:00:00',
      impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
    });
    expect(shareOfItem({ ...eluate, Impurities: null }, 1).impurities).toBeNull();
  });

  it('are expected of a Ga-68 eluate (Ge-68) and a Tc-99m one (Mo-99), not of F-18', () => {
    expect(expectsImpurities('Ga-68')).toEqual(['Ge-68']);
    expect(expectsImpurities('Tc-99m')).toEqual(['Mo-99']);
    expect(expectsImpurities('F-18')).toBeUndefined();
  });
});

describe('checkDrawable', () => {
  const at = '2026-11-20 10:00:00';
  const left = 1e10 * 0.5 ** (7200 / F18);

  it('takes up to 1 % above the remainder for the meter; above that it is 409 naming both figures', () => {
    expect(METER_TOLERANCE).toBe(0.01);
    expect(checkDrawable(item(), left * 1.01, at)).toMatchObject({ usesUp: true });
    const error = errorOf(() => checkDrawable(item(), left * 1.0101, at));
    expect([error.statusCode, error.notification.key]).toEqual([409, 'material.overdrawn']);
    expect(error.notification.params).toEqual({
      activity: (left * 1.0101).toPrecision(4),
      remainder: '4.687e+9',
      at,
    });
  });

  it('answers the share a movement takes, and uses the item up when what is left is at most 1 % of it', () => {
    expect(checkDrawable(item(), 1e9, at)).toEqual({ portion: 1e9 / left, activity: 1e9, usesUp: false });
    expect(checkDrawable(item(), left * 0.995, at)).toMatchObject({ usesUp: true });
    expect(checkDrawable(item(), left * 0.98, at).usesUp).toBe(false);
    // Up to 1 % above the remainder takes the rest, no more than the rest.
    expect(checkDrawable(item(), left * 1.005, at).portion).toBe(1);
    // After the 2 GBq of 09:00, a share of 0.7079 is left: 3.318 GBq at 10:00.
    const moved = item([movement(1)]);
    expect(checkDrawable(moved, 1e9, at)).toEqual({ portion: 1e9 / left, activity: 1e9, usesUp: false });
    expect(errorOf(() => checkDrawable(moved, 3.4e9, at)).notification.params).toEqual({
      activity: '3.400e+9',
      remainder: '3.318e+9',
      at,
    });
  });

  it('takes the rest without an activity, whatever has decayed of it; an item all taken takes nothing more', () => {
    const moved = item([movement(1)]);
    expect(checkDrawable(moved, null, at)).toEqual({
      portion: 1 - 2e9 / whole(3600),
      activity: left * (1 - 2e9 / whole(3600)),
      usesUp: true,
    });
    // F-18 a year on has decayed to nothing: its rest still goes, all of it; a measured activity is more than there is.
    expect(checkDrawable(item(), null, '2027-11-20 10:00:00')).toEqual({ portion: 1, activity: 0, usesUp: true });
    expect(errorOf(() => checkDrawable(item(), 1, '2027-11-20 10:00:00')).notification.key).toBe('material.overdrawn');
    const taken = item([movement(1, { Portion: 1 })]);
    expect(shareLeftAt(taken, at)).toBe(0);
    expect(errorOf(() => checkDrawable(taken, 1, at)).notification.params).toMatchObject({ remainder: '0.000' });
  });
});

describe('checkMovable', () => {
  it('refuses a used-up item and one holding the most movements an item may', () => {
    expect(() => checkMovable(item())).not.toThrow();
    expect(errorOf(() => checkMovable(item([], { State: 'USED_UP' }))).notification.key).toBe('material.used_up');
    const full = item(Array.from({ length: MAX_MOVEMENTS }, (_, n) => movement(n, { ActivityBq: 1 })));
    const error = errorOf(() => checkMovable(full));
    expect([error.statusCode, error.notification.key, error.notification.params]).toEqual([
      409,
      'material.movements_full',
      { max: 200 },
    ]);
    expect(() => checkMovable(item(full.Movements.slice(1)))).not.toThrow();
  });
});

describe('the models', () => {
  it("become a container's content of its kind: generators and eluates are eluates, the rest products", () => {
    expect(
      ['ELUATE', 'GENERATOR', 'CYCLOTRON_PRODUCT', 'RADIOPHARMACEUTICAL', 'CALIBRATION_SOURCE'].map((k) =>
        contentKindOf(k as MaterialItem['Kind']),
      ),
    ).toEqual(['GENERATOR_ELUAT', 'GENERATOR_ELUAT', 'CYCLOTRON_PRODUCT', 'CYCLOTRON_PRODUCT', 'CYCLOTRON_PRODUCT']);
    expect([stateAfter(true), stateAfter(false)]).toEqual(['USED_UP', 'IN_STOCK']);
  });
});
