/**
 * shared/services/material-stock.ts over the in-memory book (test/support/memory/material.ts), reached as the
 * material service reaches it: the stock now, from the open items and the containers holding material, agrees with
 * the book replayed for the same moment; a Ga-68 eluate's Ge-68 is counted long after its Ga-68 is gone; a receipt
 * booked late is checked against what the facility held at its time; a past moment holds what the book held then,
 * and a moment ahead is 400.
 */
import { describe, expect, it } from 'vitest';
import { rejection } from '../../support/errors';
import {
  ada,
  administration,
  elution,
  F18,
  fdg,
  GE68,
  generatorAt,
  generatorReceipt,
  LICENCE,
  withLicence,
} from '../../support/memory/material';

const generator = generatorReceipt;

/** A generator, its eluate (1 GBq at 09:00, 0.001 % Ge-68) and 200 MBq of it of 10:00 in a container. */
async function eluateInBox(setup: Awaited<ReturnType<typeof withLicence>>) {
  const { tenant, material, containers } = setup;
  const { model: gen } = await material.receive(tenant, ada, generator(), false);
  const { model: eluate } = await material.elute(tenant, ada, gen.Uuid, elution(), false);
  const box = (await containers.create(tenant, ada, { Name: 'Ga-68 waste' }, 'r1')).model.Uuid as string;
  const content = { ContentId: eluate.Uuid, Activity: 2e8, ActivityDateTime: '2026-11-20 10:00:00' };
  return { gen, eluate, box, into: () => containers.addContent(tenant, ada, box, content, 'r2') };
}

describe('the stock', () => {
  it(
    'now, from the open items and the containers holding ' + 'material, equals the book replayed for that moment',
    async () => {
      const setup = await withLicence({ ...LICENCE, SumRule: true });
      const { tenant, material, setNow } = setup;
      const { eluate, into } = await eluateInBox(setup);
      await material.move(tenant, ada, eluate.Uuid, {
        Kind: 'ADMINISTERED',
        ActivityBq: 3e8,
        MovedAt: '2026-11-20 09:30:00',
        Applications: 2,
      });
      await into();
      const now = await material.stock(tenant, undefined);
      setNow('2026-11-20 12:00:01');
      const replayed = await material.stock(tenant, '2026-11-20 12:00:00');
      expect(replayed.Nuclides.map((n) => n.Nuclide)).toEqual(now.Nuclides.map((n) => n.Nuclide));
      for (const [i, n] of now.Nuclides.entries())
        for (const member of ['InStoreBq', 'InContainersBq', 'TotalBq'] as const)
          expect(replayed.Nuclides[i]![member]).toBeCloseTo(n[member], 6);
      expect([now.OpenItems, now.OpenContainers, replayed.OpenItems, replayed.OpenContainers]).toEqual([2, 1, 2, 1]);
      // The box holds 200 MBq of Ga-68 of 10:00, decayed 2 h, and its Ge-68.
      const ga = now.Nuclides.find((n) => n.Nuclide === 'Ga-68')!;
      expect(ga.InContainersBq).toBeCloseTo(2e8 * 0.5 ** (7200 / (67.71 * 60)), 0);
      expect(ga).toMatchObject({ MaxActivityBq: 5e9, Ratio: ga.TotalBq / 5e9 });
      expect(now.SumOfRatios).toBeCloseTo(
        now.Nuclides.reduce((s, n) => s + (n.Ratio ?? 0), 0),
        12,
      );
      expect(now.Nuclides.find((n) => n.Nuclide === 'Ge-68')!.InContainersBq).toBeGreaterThan(0);
    },
  );

  it("counts a Ga-68 eluate's Ge-68 long after its Ga-68 is gone, and checks a receipt against it", async () => {
    const setup = await withLicence();
    const { tenant, material, setNow } = setup;
    await (await eluateInBox(setup)).into();
    // Two months on, the Ga-68 is gone; the generator's Ge-68 and the eluate's 10 kBq remain, decayed with Ge-68.
    setNow('2027-01-19 09:00:00');
    const stock = await material.stock(tenant, undefined);
    const ge = stock.Nuclides.find((n) => n.Nuclide === 'Ge-68')!;
    const expected = generatorAt(77 * 86_400 + 21 * 3600) + 1e4 * 0.5 ** ((60 * 86_400) / GE68);
    expect(ge.TotalBq).toBeCloseTo(expected, 1);
    expect(ge.InContainersBq).toBeCloseTo(2e8 * 1e-5 * 2 ** (3600 / (67.71 * 60)) * 0.5 ** ((60 * 86_400) / GE68), 1);
    // 2.5 GBq more would take the 1.52 GBq held above the 4 GBq licence.
    const refused = await rejection(
      material.receive(
        tenant,
        ada,
        generator({ ActivityBq: 2.5e9, ActivityDateTime: '2027-01-19 09:00:00', ReceivedAt: '2027-01-19 09:00:00' }),
        true,
      ),
    );
    expect(refused.notification.key).toBe('licence.exceeded');
  });

  it('checks a receipt booked late against what the book held at its time', async () => {
    const { tenant, material } = await withLicence();
    // A generator of 3 GBq held from 1 November and returned on 19 November.
    const first = generator({
      ActivityBq: 3e9,
      ActivityDateTime: '2026-11-01 00:00:00',
      ReceivedAt: '2026-11-01 00:00:00',
    });
    const { model } = await material.receive(tenant, ada, first, false);
    await material.move(tenant, ada, model.Uuid, {
      Kind: 'RETURNED',
      ActivityBq: 3e9 * 0.5 ** ((18 * 86_400) / GE68),
      MovedAt: '2026-11-19 00:00:00',
      Recipient: 'Eckert & Ziegler',
    });
    // On 10 November it held 2.93 GBq: a receipt of 2 GBq then, booked today, took the facility above 4 GBq.
    expect(
      (await material.stock(tenant, '2026-11-10 00:00:00')).Nuclides.find((n) => n.Nuclide === 'Ge-68')!.TotalBq,
    ).toBeCloseTo(3e9 * 0.5 ** ((9 * 86_400) / GE68), 0);
    const late = generator({
      ActivityBq: 2e9,
      ActivityDateTime: '2026-11-10 00:00:00',
      ReceivedAt: '2026-11-10 00:00:00',
    });
    const refused = await rejection(material.receive(tenant, ada, late, true));
    expect([refused.statusCode, refused.notification.key]).toEqual([409, 'licence.exceeded']);
  });

  it('at a past moment holds what the book held then; a moment ahead is 400', async () => {
    const { tenant, material } = await withLicence();
    const { model: f18 } = await material.receive(tenant, ada, fdg(), false);
    await material.move(tenant, ada, f18.Uuid, administration());
    const before = await material.stock(tenant, '2026-11-20 10:59:59');
    expect(before.Nuclides.find((n) => n.Nuclide === 'F-18')!.InStoreBq).toBeCloseTo(1e10 * 0.5 ** (3599 / F18), 0);
    expect(before).toMatchObject({ At: '2026-11-20 10:59:59', LicenceFileNumber: 'UG-17/2026', OpenItems: 1 });
    const empty = await material.stock(tenant, '2026-11-20 09:59:59');
    expect([empty.OpenItems, empty.Nuclides.every((n) => n.TotalBq === 0)]).toEqual([0, true]);
    const ahead = await rejection(material.stock(tenant, '2026-11-20 12:05:01'));
    expect([ahead.statusCode, ahead.notification.details![0]]).toEqual([
      400,
      expect.objectContaining({ key: 'detail.future', params: expect.objectContaining({ field: 'at' }) }),
    ]);
  });
});
