/**
 * shared/domain/licence.ts: the handling licence's rules, which licence is in force at a moment (of those covering it,
 * the one with the latest ValidFrom), what a booking would take above it (per nuclide, and under the sum rule the sum
 * of stock over limit, checked against a hand computation), and what a booking freezes.
 */
import { describe, expect, it } from 'vitest';
import {
  createLicence,
  exceeded,
  FROZEN_WHEN_BOOKED,
  inForce,
  type Licence,
  licenceAt,
  type LicenceCreate,
  licenceOrder,
  type LicenceRecord,
  licenceRuleBreaches,
  limitOf,
  toLicenceModel,
  touchesFrozen,
  updateLicence,
} from '../../../shared/domain/licence';
import { errorOf } from '../../support/errors';
import { LICENCE } from '../../support/memory/material';

const NOW = new Date('2026-11-20T10:00:00Z');
const tenant = { client: 'c', facility: 'f' };
const body: LicenceCreate = LICENCE;
const licence = (uuid: string, over: Partial<LicenceCreate> = {}, now = NOW): Licence =>
  createLicence(tenant, uuid, { ...body, ...over }, now);
const booked = (bookings: number, over: Partial<LicenceCreate> = {}): LicenceRecord => ({
  ...licence('l1', { ValidUntil: '2027-12-31 23:59:59', ...over }),
  Bookings: bookings,
  LastBookedAt: bookings ? '2026-06-01 12:00:00' : null,
});

describe('a licence', () => {
  it('wants ValidUntil at or after ValidFrom, and takes no sum rule, end or scan unless given', () => {
    expect(licenceRuleBreaches({ ...licence('l1'), ValidUntil: body.ValidFrom })).toEqual([]);
    expect(licenceRuleBreaches({ ...licence('l1'), ValidUntil: '2026-01-14 23:59:59' })).toEqual([
      { key: 'detail.not_before', params: { field: 'ValidUntil', other: 'ValidFrom' } },
    ]);
    expect(errorOf(() => licence('l1', { ValidUntil: '2026-01-01 00:00:00' })).statusCode).toBe(400);
    expect(toLicenceModel(licence('l1'))).toEqual({
      Uuid: 'l1',
      ...body,
      ValidUntil: null,
      SumRule: false,
      DocumentUuid: null,
      CreatedAt: '2026-11-20 10:00:00',
      UpdatedAt: '2026-11-20 10:00:00',
    });
  });

  it('is in force from ValidFrom up to and including ValidUntil; without an end, from ValidFrom on', () => {
    const closed = { ValidFrom: '2026-01-15 00:00:00', ValidUntil: '2026-12-31 23:59:59' };
    expect(
      ['2026-01-14 23:59:59', '2026-01-15 00:00:00', '2026-12-31 23:59:59', '2027-01-01 00:00:00'].map((at) =>
        inForce(closed, at),
      ),
    ).toEqual([false, true, true, false]);
    expect(inForce({ ...closed, ValidUntil: null }, '2099-01-01 00:00:00')).toBe(true);
  });
});

describe('licenceAt', () => {
  const first = licence('a-first', { ValidFrom: '2025-01-01 00:00:00' });
  const second = licence('b-second', { ValidFrom: '2026-07-01 00:00:00', ValidUntil: '2026-09-30 23:59:59' });
  const all = [second, first];

  it('chooses, of the licences covering the moment, the one that took over last', () => {
    expect(licenceAt(all, '2024-12-31 23:59:59')).toBeUndefined();
    expect(licenceAt(all, '2026-06-30 23:59:59')?.Uuid).toBe('a-first');
    expect(licenceAt(all, '2026-07-01 00:00:00')?.Uuid).toBe('b-second');
    // The later one ended: the earlier one, still in force, holds again.
    expect(licenceAt(all, '2026-10-01 00:00:00')?.Uuid).toBe('a-first');
    expect(licenceAt([], '2026-10-01 00:00:00')).toBeUndefined();
  });

  it('takes the one recorded last of two from the same moment, and lists newest ValidFrom first', () => {
    const early = licence('z-early', { ValidFrom: '2026-07-01 00:00:00' }, new Date('2026-06-01T00:00:00Z'));
    const late = licence('a-late', { ValidFrom: '2026-07-01 00:00:00' }, new Date('2026-06-02T00:00:00Z'));
    expect(licenceAt([early, late, first], '2026-08-01 00:00:00')?.Uuid).toBe('a-late');
    expect([first, early, second, late].sort(licenceOrder).map((l) => l.Uuid)).toEqual([
      'b-second',
      'a-late',
      'z-early',
      'a-first',
    ]);
  });
});

describe('exceeded', () => {
  const limits = licence('l1');
  const stock = new Map([
    ['Ge-68', 2e9],
    ['Ga-68', 1e9],
  ]);

  it('names each nuclide a booking takes above its limit, with its stock, what comes in and the limit', () => {
    expect(limitOf(limits, 'Ge-68')).toBe(4e9);
    expect(limitOf(limits, 'Co-57')).toBe(0);
    // Up to the limit is within it: 2 + 2 GBq of 4 GBq.
    expect(exceeded(limits, stock, new Map([['Ge-68', 2e9]]))).toEqual({ nuclides: [], sum: null });
    expect(
      exceeded(
        limits,
        stock,
        new Map([
          ['Ge-68', 2.5e9],
          ['Ga-68', 1e9],
        ]),
      ),
    ).toEqual({ nuclides: [{ Nuclide: 'Ge-68', StockBq: 2e9, IncomingBq: 2.5e9, MaxActivityBq: 4e9 }], sum: null });
    // A nuclide the licence does not name may not be held at all.
    expect(exceeded(limits, stock, new Map([['Co-57', 1]])).nuclides).toEqual([
      { Nuclide: 'Co-57', StockBq: 0, IncomingBq: 1, MaxActivityBq: 0 },
    ]);
  });

  it('under the sum rule also refuses a sum of stock over limit above 1, each nuclide within its own', () => {
    const summed = { ...limits, SumRule: true };
    // Ge-68: (2 + 0) / 4 = 0.5; Ga-68: (1 + 2) / 5 = 0.6; F-18: 0 of 100 GBq; the sum 1.1.
    const over = exceeded(summed, stock, new Map([['Ga-68', 2e9]]));
    expect(over.nuclides).toEqual([]);
    expect(over.sum).toBeCloseTo(1.1, 12);
    // Ga-68: (1 + 1.5) / 5 = 0.5: the sum is 1, which the rule allows.
    expect(exceeded(summed, stock, new Map([['Ga-68', 1.5e9]]))).toEqual({ nuclides: [], sum: null });
    // Without the rule the same booking is within the licence.
    expect(exceeded(limits, stock, new Map([['Ga-68', 2e9]]))).toEqual({ nuclides: [], sum: null });
  });
});

describe('a licence a booking was checked against', () => {
  it('keeps its limits, sum rule and dates: a change of each is 409 naming it', () => {
    const current = booked(1);
    const error = errorOf(() =>
      updateLicence(
        current,
        {
          Limits: [{ Nuclide: 'Ge-68', MaxActivityBq: 5e9 }],
          SumRule: true,
          IssuedAt: '2026-01-06 00:00:00',
          ValidFrom: '2026-01-16 00:00:00',
          ValidUntil: null,
        },
        NOW,
      ),
    );
    expect([error.statusCode, error.notification.key]).toEqual([409, 'licence.booked']);
    expect(error.notification.details).toEqual(
      FROZEN_WHEN_BOOKED.map((field) => ({ key: 'detail.frozen_when_booked', params: { field } })),
    );
    expect(FROZEN_WHEN_BOOKED).toEqual(['Limits', 'SumRule', 'IssuedAt', 'ValidFrom', 'ValidUntil']);
  });

  it('takes its limits in another order, and a new file number, holder or scan', () => {
    const current = booked(3);
    const reordered = updateLicence(current, { Limits: [...current.Limits].reverse() }, NOW);
    expect(reordered.changed).toBe(false);
    const { next, changed } = updateLicence(current, { Holder: 'Klinikum Nord gGmbH', DocumentUuid: 'scan-1' }, NOW);
    expect([changed, next.Version, next.Holder, next.DocumentUuid]).toEqual([true, 2, 'Klinikum Nord gGmbH', 'scan-1']);
    expect(touchesFrozen(current, next)).toBe(false);
  });

  it('before its first booking changes freely, and says its write must find no booking', () => {
    const current = booked(0);
    const { next, changed } = updateLicence(current, { Limits: [{ Nuclide: 'F-18', MaxActivityBq: 1e11 }] }, NOW);
    expect(changed).toBe(true);
    expect(touchesFrozen(current, next)).toBe(true);
    expect(touchesFrozen(current, { ...current, ValidUntil: null })).toBe(true);
    expect(touchesFrozen(current, { ...current, FileNumber: 'UG-18/2026' })).toBe(false);
  });
});
