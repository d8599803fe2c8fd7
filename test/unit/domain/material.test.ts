/**
 * shared/domain/material.ts: an item's remainder is its certificate's activity decayed to the moment less every
 * movement made by then, decayed alike (a later or a corrected movement does not count); an impurity's fraction grows
 * as the item's short-lived nuclide decays (a Ge-68 breakthrough in a Ga-68 eluate, against a hand computation); a
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
  fractionAt,
  impuritiesAt,
  MAX_MOVEMENTS,
  type MaterialItem,
  METER_TOLERANCE,
  type Movement,
  remainingAt,
  stateAfter,
  toMaterialModel,
  toMovementModel,
} from '../../../shared/domain/material';
import { errorOf } from '../../support/errors';

/** F-18's half-life, seconds (109.77 min). */
const F18 = 109.77 * 60;

const movement = (n: number, over: Partial<Movement> = {}): Movement => ({
  Uuid: `m-${n}`,
  Kind: 'ADMINISTERED',
  ActivityBq: 2e9,
  MovedAt: '2026-11-20 09:00:00',
  Applications: 1,
  ContainerUuid: null,
  Recipient: null,
  Justification: null,
  MovedBy: 'ada',
  LineUuid: `line-${n}`,
  CorrectedBy: null,
  ...over,
});

/** 10 GBq of F-18 certified at 08:00 UTC, received at 08:05. */
const item = (movements: Movement[] = [], over: Partial<MaterialItem> = {}): MaterialItem => ({
  Client: 'c',
  Facility: 'f',
  Uuid: 'item-1',
  Version: 1 + movements.length,
  CreatedAt: '2026-11-20 08:05:00',
  UpdatedAt: '2026-11-20 08:05:00',
  Kind: 'CYCLOTRON_PRODUCT',
  Nuclide: 'F-18',
  ActivityBq: 1e10,
  ActivityDateTime: '2026-11-20 08:00:00',
  ReceivedAt: '2026-11-20 08:05:00',
  ReceivedBy: 'ada',
  Supplier: 'Cyclotron GmbH',
  Batch: 'F-2611',
  ChemicalForm: 'FDG',
  Impurities: [],
  CertificateDocumentUuid: null,
  ParentUuid: null,
  LicenceUuid: 'licence-1',
  LicenceExceeded: null,
  LineUuid: 'line-0',
  Movements: movements,
  State: 'IN_STOCK',
  ...over,
});

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

  it('takes off each movement made by then, decayed alike; a later one has not happened yet', () => {
    // 4.687 GBq less the 2 GBq of 09:00 decayed one hour (1.369 GBq): 3.318 GBq.
    const moved = item([movement(1), movement(2, { MovedAt: '2026-11-20 11:00:00' })]);
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
    expect(remainingAt(corrected, '2026-11-20 10:00:00')).toBeCloseTo(remainingAt(item([movement(2)]), '2026-11-20 10:00:00'), 0);
  });
});

describe('impurities', () => {
  it('grow as the eluate decays: Ge-68 of 0.001 % in Ga-68 is 0.00631 % three hours later', () => {
    const ga = 67.71 * 60;
    const ge = 270.95 * 86_400;
    const later = fractionAt(
      'Ga-68',
      { nuclide: 'Ge-68', fraction: 1e-5 },
      '2026-11-20 08:00:00',
      '2026-11-20 11:00:00',
    );
    expect(later).toBeCloseTo(1e-5 * 2 ** (10_800 * (1 / ga - 1 / ge)), 15);
    expect(later).toBeCloseTo(6.3113e-5, 8);
    const eluate = {
      Nuclide: 'Ga-68',
      ActivityDateTime: '2026-11-20 08:00:00',
      Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
    };
    expect(impuritiesAt(eluate, '2026-11-20 11:00:00')).toEqual([{ nuclide: 'Ge-68', fraction: later }]);
    expect(impuritiesAt({ ...eluate, Impurities: null }, '2026-11-20 11:00:00')).toBeNull();
    expect(impuritiesAt({ ...eluate, Impurities: [] }, '2026-11-20 11:00:00')).toEqual([]);
    // A nuclide without a half-life keeps its fraction.
    expect(fractionAt('Ga-68', { nuclide: 'Xx-1', fraction: 0.2 }, '2026-11-20 08:00:00', '2027-01-01 00:00:00')).toBe(
      0.2,
    );
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

  it('uses the item up when what is left is at most 1 % of it; an item drawn below zero takes nothing more', () => {
    expect(checkDrawable(item(), left * 0.99, at)).toEqual({ usesUp: true, remainder: left });
    expect(checkDrawable(item(), left * 0.98, at).usesUp).toBe(false);
    expect(checkDrawable(item(), 1e9, at)).toEqual({ usesUp: false, remainder: left });
    // Taken 0.5 % too much at 09:00: what the book shows is 0, and any more is overdrawn.
    const over = item([movement(1, { ActivityBq: 1e10 * 0.5 ** (3600 / F18) * 1.005 })]);
    expect(remainingAt(over, at)).toBeLessThan(0);
    expect(errorOf(() => checkDrawable(over, 1, at)).notification.params).toMatchObject({ remainder: '0.000' });
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
  it("show an item's remainder at the moment, never below 0, and 0 once used up; the receiver's name", () => {
    const names = new Map([['ada', 'Ada Lovelace']]);
    const model = toMaterialModel(item([movement(1)]), names, '2026-11-20 10:00:00');
    expect(model).toMatchObject({
      Uuid: 'item-1',
      ReceivedByName: 'Ada Lovelace',
      RemainingAt: '2026-11-20 10:00:00',
      State: 'IN_STOCK',
    });
    expect(model.RemainingBq).toBeCloseTo(3.317957e9, -3);
    expect('Movements' in model).toBe(false);
    expect(toMaterialModel(item([], { State: 'USED_UP' }), new Map(), '2026-11-20 10:00:00')).toMatchObject({
      RemainingBq: 0,
      ReceivedByName: null,
    });
    const over = item([movement(1, { ActivityBq: 1e10 * 0.5 ** (3600 / F18) * 1.005 })]);
    expect(toMaterialModel(over, names, '2026-11-20 10:00:00').RemainingBq).toBe(0);
  });

  it("show a movement under its item, with its writer's name", () => {
    expect(toMovementModel({ Uuid: 'item-1' }, movement(1), new Map([['ada', 'Ada Lovelace']]))).toEqual({
      Uuid: 'm-1',
      MaterialUuid: 'item-1',
      Kind: 'ADMINISTERED',
      ActivityBq: 2e9,
      MovedAt: '2026-11-20 09:00:00',
      Applications: 1,
      ContainerUuid: null,
      Recipient: null,
      Justification: null,
      MovedBy: 'ada',
      MovedByName: 'Ada Lovelace',
      LineUuid: 'line-1',
      CorrectedBy: null,
    });
  });

  it("become a container's content of its kind: generators and eluates are eluates, the rest products", () => {
    expect(['ELUATE', 'GENERATOR', 'CYCLOTRON_PRODUCT', 'RADIOPHARMACEUTICAL', 'CALIBRATION_SOURCE'].map((k) =>
      contentKindOf(k as MaterialItem['Kind']),
    )).toEqual(['GENERATOR_ELUAT', 'GENERATOR_ELUAT', 'CYCLOTRON_PRODUCT', 'CYCLOTRON_PRODUCT', 'CYCLOTRON_PRODUCT']);
    expect([stateAfter(true), stateAfter(false)]).toEqual(['USED_UP', 'IN_STOCK']);
  });
});
