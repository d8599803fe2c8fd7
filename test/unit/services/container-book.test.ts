/**
 * shared/services/container-book.ts through the container service over the in-memory containers and book
 * (test/support/memory/material.ts): a content whose ContentId names an item of the book is a movement into the
 * container, its kind, nuclide and impurities the item's, stated as its share of the item at the item's reference time
 * (a Ga-68 eluate's Ge-68 as the elution measured it, against a hand computation), its activity checked against the
 * remainder, booked in the container's own transaction (a movement of the item that landed meanwhile is read again); a
 * member that differs from the item is 409; taken out, a correcting line puts it back in store; leaving with its
 * container, the book says where each nuclide went, decayed to then, however long after (an eluate's Ge-68 years on);
 * and the containers holding book material are what the stock counts in containers.
 */
import { describe, expect, it } from 'vitest';
import type { ContentLink } from '../../../shared/domain/container-contents';
import {
  holdingReader,
  holdsBookMaterial,
  leavingContents,
  leavingWrite,
} from '../../../shared/services/container-book';
import type { Writer } from '../../../shared/services/writes';
import { rejection } from '../../support/errors';
import { memoryContainerStore } from '../../support/memory/containers';
import { elution, generatorReceipt, LICENCE, type MemoryMaterial, materialSetup } from '../../support/memory/material';

const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const rosa: Writer = { sub: 'rosa', name: 'Rosa Officer', roles: ['rpo'] };
const GA68 = 67.71 * 60;
const GE68 = 270.95 * 86_400;
const BREAKTHROUGH = [{ Nuclide: 'Ge-68', Fraction: 1e-5 }];

/** A facility with a generator, its eluate of 1 GBq at 09:00 with 0.001 % Ge-68, and an open container. */
async function eluateAndBox() {
  const setup = materialSetup();
  const { tenant, licences, material, containers } = setup;
  await licences.create(tenant, rosa, LICENCE);
  const { model: generator } = await material.receive(tenant, ada, generatorReceipt(), false);
  const { model: eluate } = await material.elute(tenant, ada, generator.Uuid, elution(), false);
  const box = (await containers.create(tenant, ada, { Name: 'Ga-68 waste' }, 'r0')).model.Uuid as string;
  /** The eluate's `activity` of `at` into the box. */
  const draw = (activity: number, at = '2026-11-20 10:00:00') =>
    containers.addContent(tenant, ada, box, { ContentId: eluate.Uuid, Activity: activity, ActivityDateTime: at }, 'r');
  return { ...setup, generator, eluate, box, draw };
}

describe('a content drawn from the book', () => {
  it(
    "is a movement into the container: the item's kind, nuclide and " + 'impurities then, checked against what is left',
    async () => {
      const { tenant, material, book, records, eluate, box, draw } = await eluateAndBox();
      const added = await draw(2e8);
      // 200 MBq of Ga-68 at 10:00 is the share of the eluate that was 369.6 MBq at the elution an hour before, with the
      // Ge-68 the elution measured: 0.001 % of it then.
      expect(added.content).toMatchObject({
        Kind: 'GENERATOR_ELUAT',
        ContentId: eluate.Uuid,
        Nuclide: 'Ga-68',
        ActivityDateTime: '2026-11-20 09:00:00',
        Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
        CreatedBy: 'ada',
      });
      expect(added.content.Activity).toBeCloseTo(2e8 * 2 ** (3600 / GA68), 0);
      expect(added.content.Activity).toBeCloseTo(3.6964e8, -4);
      expect(added.notes).toEqual([]);
      expect(added.movement).toMatchObject({
        Kind: 'TO_CONTAINER',
        MaterialUuid: eluate.Uuid,
        ContainerUuid: box,
        ActivityBq: 2e8,
        MovedAt: '2026-11-20 10:00:00',
        LineUuid: added.content.BookLineUuid,
      });
      const lines = book.linesOf(tenant);
      expect(lines.at(-1)).toMatchObject({
        Entry: 'TO_CONTAINER',
        LineUuid: added.content.BookLineUuid,
        ItemUuid: eluate.Uuid,
        ContainerUuid: box,
        ActivityBq: 2e8,
        PreviousSha256: lines.at(-2)!.LineSha256,
      });
      expect(records.objects.size).toBe(3);
      // The eluate at noon: 1 GBq decayed 3 h less 200 MBq decayed 2 h.
      expect((await material.load(tenant, eluate.Uuid)).RemainingBq).toBeCloseTo(
        1e9 * 0.5 ** (10_800 / GA68) - 2e8 * 0.5 ** (7200 / GA68),
        0,
      );
    },
  );

  it('takes what is left now when no activity is given, and uses the item up', async () => {
    const { tenant, containers, material, eluate, box } = await eluateAndBox();
    const added = await containers.addContent(tenant, ada, box, { ContentId: eluate.Uuid }, 'r1');
    // All of the eluate: its 1 GBq of 09:00, which at noon is 46.0 MBq.
    expect(added.content).toMatchObject({ Activity: 1e9, ActivityDateTime: '2026-11-20 09:00:00' });
    expect(added.movement?.MovedAt).toBe('2026-11-20 12:00:00');
    expect(added.movement?.ActivityBq).toBeCloseTo(1e9 * 0.5 ** (10_800 / GA68), 0);
    expect((await material.load(tenant, eluate.Uuid)).State).toBe('USED_UP');
  });

  it(
    'is 409 naming a member that differs from the item, or an ' + 'activity above what is left; nothing is booked',
    async () => {
      const { tenant, containers, book, eluate, box, draw } = await eluateAndBox();
      const before = book.linesOf(tenant).length;
      const differs = await rejection(
        containers.addContent(
          tenant,
          ada,
          box,
          { ContentId: eluate.Uuid, Kind: 'CYCLOTRON_PRODUCT', Nuclide: 'F-18', Impurities: [] },
          'r1',
        ),
      );
      expect([differs.statusCode, differs.notification.key]).toEqual([409, 'material.member_differs']);
      expect(differs.notification.details).toEqual([
        {
          key: 'detail.member_differs',
          params: { field: 'Kind', given: '"CYCLOTRON_PRODUCT"', expected: '"GENERATOR_ELUAT"' },
        },
        { key: 'detail.member_differs', params: { field: 'Nuclide', given: '"F-18"', expected: '"Ga-68"' } },
        {
          key: 'detail.member_differs',
          params: { field: 'Impurities', given: '[]', expected: JSON.stringify(BREAKTHROUGH) },
        },
      ]);
      // The item's own members, sent, are no difference.
      const same = { Kind: 'GENERATOR_ELUAT' as const, Nuclide: 'Ga-68', Impurities: BREAKTHROUGH };
      const over = await rejection(
        containers.addContent(
          tenant,
          ada,
          box,
          { ContentId: eluate.Uuid, ...same, Activity: 1.2e9, ActivityDateTime: '2026-11-20 09:00:00' },
          'r2',
        ),
      );
      expect([over.statusCode, over.notification.key]).toEqual([409, 'material.overdrawn']);
      const early = await rejection(draw(1e8, '2026-11-20 08:59:59'));
      expect(early.notification.details).toEqual([
        { key: 'detail.not_before', params: { field: 'ActivityDateTime', other: 'ReceivedAt' } },
      ]);
      expect(book.linesOf(tenant)).toHaveLength(before);
      expect((await containers.contents(tenant, box)).total).toBe(0);
    },
  );

  it('is read again when a movement of the item lands between the read and the write', async () => {
    const { tenant, containers, material, book, eluate, box, draw } = await eluateAndBox();
    const get = book.material.get.bind(book.material);
    let landed = false;
    book.material.get = async (t, u, o) => {
      const read = await get(t, u, o);
      if (!landed && u === eluate.Uuid) {
        landed = true;
        await material.move(tenant, ada, eluate.Uuid, {
          Kind: 'ADMINISTERED',
          ActivityBq: 5e8,
          MovedAt: '2026-11-20 09:30:00',
          Applications: 3,
        });
      }
      return read;
    };
    // At 10:00 the eluate as first read holds 541 MBq: 300 MBq fit. After the patients' 500 MBq of 09:30 it holds
    // 541 − 368 = 173 MBq: they do not, and the container's write, made over the item as first read, is read again.
    const left = 1e9 * 0.5 ** (3600 / GA68) - 5e8 * 0.5 ** (1800 / GA68);
    const refused = await rejection(draw(3e8));
    expect(refused.notification).toEqual({
      key: 'material.overdrawn',
      params: { activity: '3.000e+8', remainder: left.toPrecision(4), at: '2026-11-20 10:00:00' },
    });
    expect(landed).toBe(true);
    expect((await containers.contents(tenant, box)).total).toBe(0);
    const added = await draw(1e8);
    expect((await material.movements(tenant, eluate.Uuid)).map((m) => m.Kind)).toEqual([
      'ADMINISTERED',
      'TO_CONTAINER',
    ]);
    expect(added.movement?.ActivityBq).toBe(1e8);
    expect(book.linesOf(tenant).map((l) => l.Entry)).toEqual(['RECEIPT', 'ELUTION', 'ADMINISTERED', 'TO_CONTAINER']);
  });

  it(
    'taken out of its open container is corrected: the material is ' +
      'back in store, the line names the one it corrects',
    async () => {
      const { tenant, containers, material, book, eluate, box } = await eluateAndBox();
      const added = await containers.addContent(tenant, ada, box, { ContentId: eluate.Uuid }, 'r1');
      const remove = await rejection(containers.remove(tenant, ada, box, 'r2'));
      expect([remove.statusCode, remove.notification.key]).toEqual([409, 'container.holds_book_material']);
      await containers.removeContent(tenant, ada, box, added.content.Uuid!, 'r3');
      const correction = book.linesOf(tenant).at(-1)!;
      expect(correction).toMatchObject({
        Entry: 'CORRECTION',
        Corrects: added.content.BookLineUuid,
        ItemUuid: eluate.Uuid,
        ContainerUuid: box,
        Justification: `taken out of the container Ga-68 waste (${added.content.Uuid})`,
      });
      expect((await material.movements(tenant, eluate.Uuid))[0]).toMatchObject({ CorrectedBy: correction.LineUuid });
      const back = await material.load(tenant, eluate.Uuid);
      expect(back.State).toBe('IN_STOCK');
      expect(back.RemainingBq).toBeCloseTo(1e9 * 0.5 ** (10_800 / GA68), 0);
      expect((await containers.remove(tenant, ada, box, 'r4')).model.Uuid).toBe(box);
    },
  );

  it('dispatched with its container, is booked where it went, decayed to then', async () => {
    const { tenant, containers, book, box, setNow, draw } = await eluateAndBox();
    await draw(2e8);
    await containers.update(tenant, ada, box, { State: 'DECAY' }, undefined, 'r2');
    setNow('2026-11-21 10:00:00');
    await containers.update(tenant, ada, box, { State: 'DISPATCHED' }, undefined, 'r3');
    const dispatched = book.linesOf(tenant).at(-1)!;
    expect(dispatched).toMatchObject({
      Entry: 'DISPATCHED',
      OccurredAt: '2026-11-21 10:00:00',
      ContainerUuid: box,
      ReleaseType: null,
      RegisterLineSha256: null,
    });
    // A day after it went in: the Ga-68 decayed 24 h; its Ge-68, 3.696 kBq at the elution, decayed 25 h: 3.687 kBq.
    expect(dispatched.Contents!.map((c) => c.Nuclide)).toEqual(['Ga-68', 'Ge-68']);
    expect(dispatched.Contents![0]!.ActivityBq).toBeCloseTo(2e8 * 0.5 ** (86_400 / GA68), 10);
    expect(dispatched.Contents![1]!.ActivityBq).toBeCloseTo(
      2e8 * 2 ** (3600 / GA68) * 1e-5 * 0.5 ** (90_000 / GE68),
      6,
    );
    expect(dispatched.Contents![1]!.ActivityBq).toBeCloseTo(3686.6, 0);
  });
});

describe('a content that names no item of the book', () => {
  it('is kept as entered, with a Warning that it is not in the book', async () => {
    const { tenant, containers, book, box } = await eluateAndBox();
    const before = book.linesOf(tenant).length;
    const added = await containers.addContent(
      tenant,
      ada,
      box,
      {
        ContentId: 'ext-eluate-7',
        Kind: 'GENERATOR_ELUAT',
        Nuclide: 'Ga-68',
        Activity: 1e8,
        ActivityDateTime: '2026-11-20 10:00:00',
      },
      'r1',
    );
    expect(added.content).toMatchObject({ ContentId: 'ext-eluate-7', BookLineUuid: null, Impurities: null });
    expect(added.notes).toEqual([
      { key: 'content.not_in_book', params: { contentId: 'ext-eluate-7' } },
      { key: 'content.impurities_expected', params: { nuclide: 'Ga-68', impurities: 'Ge-68' } },
    ]);
    expect(book.linesOf(tenant)).toHaveLength(before);
  });

  it('as a TO_CONTAINER movement is 404; a container the facility lacks is 400 naming ContainerUuid', async () => {
    const { tenant, containers, eluate, box } = await eluateAndBox();
    const input = { ContainerUuid: box, ActivityBq: 1e8, MovedAt: '2026-11-20 10:00:00' };
    const noItem = await rejection(containers.moveIntoContainer(tenant, ada, 'no-such-item', input, 'r1'));
    expect([noItem.statusCode, noItem.notification.key]).toEqual([404, 'material.not_found']);
    const noBox = await rejection(
      containers.moveIntoContainer(tenant, ada, eluate.Uuid, { ...input, ContainerUuid: 'no-such-box' }, 'r2'),
    );
    expect([noBox.statusCode, noBox.notification.details]).toEqual([
      400,
      [{ key: 'detail.container_not_found', params: { field: 'ContainerUuid', uuid: 'no-such-box' } }],
    ]);
    const moved = await containers.moveIntoContainer(tenant, ada, eluate.Uuid, input, 'r3');
    expect(moved).toMatchObject({ Kind: 'TO_CONTAINER', ContainerUuid: box, ActivityBq: 1e8 });
  });
});

describe('the book contents of containers', () => {
  const link = (over: Partial<ContentLink>): ContentLink => ({
    kind: 'GENERATOR_ELUAT',
    id: 'eluate-1',
    nuclide: 'Ga-68',
    uuid: 'content-1',
    activity: 2e8,
    activityDateTime: '2026-11-20 10:00:00',
    impurities: [{ nuclide: 'Ge-68', fraction: 1e-5 }],
    bookLine: 'line-1',
    ...over,
  });

  it('leave with their container decayed to then; what was entered by hand is none of the book', () => {
    const links = [link({}), link({ id: 'typed', bookLine: null }), link({ id: 'no-activity', activity: null })];
    expect(holdsBookMaterial(links)).toBe(true);
    expect(holdsBookMaterial([links[1]!])).toBe(false);
    const leaving = leavingContents(links, '2026-11-20 11:07:43');
    expect(leaving.map((c) => [c.ItemUuid, c.Nuclide])).toEqual([
      ['eluate-1', 'Ga-68'],
      ['eluate-1', 'Ge-68'],
    ]);
    expect(leaving[0]!.ActivityBq).toBeCloseTo(2e8 * 0.5 ** (4063 / GA68), 0);
    expect(leaving[1]!.ActivityBq).toBeCloseTo(2e8 * 1e-5 * 0.5 ** (4063 / GE68), 6);
  });

  const release = { type: 'UNRESTRICTED', registerLineSha256: 'a'.repeat(64) };
  /** The book as a release reaches it, its locked copies aside. */
  const portOf = (book: MemoryMaterial) => ({ material: book.material, archive: { keep: async () => undefined } });

  it('book a release with its register line, and nothing for a container without book material', async () => {
    const { tenant, book } = await eluateAndBox();
    const port = portOf(book);
    const head = await book.material.bookHead(tenant);
    const written = await leavingWrite(
      port,
      tenant,
      rosa,
      { uuid: 'box-1', links: [link({})] },
      'RELEASED',
      '2026-12-01 10:00:00',
      release,
    );
    expect(written?.previous).toBe(head);
    expect(written?.line).toMatchObject({
      Entry: 'RELEASED',
      BookedAt: '2026-12-01 10:00:00',
      BookedBy: 'rosa',
      ContainerUuid: 'box-1',
      ReleaseType: 'UNRESTRICTED',
      RegisterLineSha256: 'a'.repeat(64),
      PreviousSha256: head,
    });
    const typed = { uuid: 'box-2', links: [link({ bookLine: null })] };
    expect(await leavingWrite(port, tenant, rosa, typed, 'RELEASED', '2027-01-10 10:00:00', release)).toBeUndefined();
    expect(
      await leavingWrite(
        undefined,
        tenant,
        rosa,
        { uuid: 'box-1', links: [link({})] },
        'DISPATCHED',
        '2027-01-10 10:00:00',
        null,
      ),
    ).toBeUndefined();
  });

  it(
    'leave with a Ga-68 container released when its Ge-68 ' + 'allows, about 2.5 years on: the line is booked',
    async () => {
      const { tenant, book } = await eluateAndBox();
      const at = '2029-05-20 10:00:00';
      const written = await leavingWrite(
        portOf(book),
        tenant,
        rosa,
        { uuid: 'box-1', links: [link({})] },
        'RELEASED',
        at,
        release,
      );
      expect(written?.line.Entry).toBe('RELEASED');
      // The Ga-68 is gone; the Ge-68, 2 kBq of 20 November 2026, decayed 912 days: 194 Bq.
      const [ga, ge] = written!.line.Contents!;
      expect(ga).toEqual({ ItemUuid: 'eluate-1', Nuclide: 'Ga-68', ActivityBq: 0 });
      expect(ge!.ActivityBq).toBeCloseTo(2e8 * 1e-5 * 0.5 ** ((912 * 86_400) / GE68), 6);
      expect(ge!.ActivityBq).toBeCloseTo(194.0, 0);
    },
  );

  it(
    'are what the stock counts in containers: of the containers not ' + 'released or dispatched, drawn from the book',
    async () => {
      const { tenant, containers, containerStore, draw } = await eluateAndBox();
      await draw(2e8);
      const typed = (await containers.create(tenant, ada, { Name: 'Typed' }, 'r2')).model.Uuid as string;
      await containers.addContent(
        tenant,
        ada,
        typed,
        {
          ContentId: 'x-1',
          Kind: 'CYCLOTRON_PRODUCT',
          Nuclide: 'F-18',
          Activity: 1e9,
          ActivityDateTime: '2026-11-20 10:00:00',
        },
        'r3',
      );
      const holding = await holdingReader(containerStore).holding(tenant);
      expect(holding.containers).toBe(1);
      // The eluate's share as of its elution, with the breakthrough measured then.
      expect(holding.amounts).toEqual([
        {
          nuclide: 'Ga-68',
          activityBq: expect.closeTo(2e8 * 2 ** (3600 / GA68), 0),
          at: '2026-11-20 09:00:00',
          impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
          // Which container holds which item's share: a licence check at a past moment undoes a move made since.
          container: expect.any(String),
          item: expect.any(String),
        },
      ]);
      expect(await holdingReader(memoryContainerStore()).holding(tenant)).toEqual({ containers: 0, amounts: [] });
    },
  );
});
