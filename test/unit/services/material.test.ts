/**
 * shared/services/material.ts over the in-memory book (test/support/memory/material.ts), wired as the functions wire
 * it. A receipt needs a licence in force at its time and is refused above it (naming the nuclide, its stock, what
 * comes in and the limit, against a hand computation), the same by a dry run that writes nothing, and booked all the
 * same, flagged, by an officer; an eluate's Ge-68 breakthrough counts against the licence; each booking is a chained
 * line with its locked copy and a booking on its licence; a movement takes what is left within the meter's 1 %, the
 * last one using the item up; two bookings at once never fork the book.
 */
import { describe, expect, it } from 'vitest';
import { canonicalLine, lineKey, verifyChain } from '../../../shared/domain/chain';
import { newDocument } from '../../../shared/domain/document';
import { MATERIAL_BOOK } from '../../../shared/domain/material-book';
import { rejection } from '../../support/errors';
import {
  ada,
  administration,
  elution,
  F18,
  fdg,
  generatorAt,
  generatorReceipt,
  LICENCE,
  materialSetup,
  rosa,
  withLicence,
} from '../../support/memory/material';

const generator = generatorReceipt;

describe('a receipt and the licence', () => {
  it('is refused while no licence is in force; an officer books it knowingly, flagged', async () => {
    const { tenant, material, book } = materialSetup();
    const none = await rejection(material.receive(tenant, ada, generator(), false));
    expect([none.statusCode, none.notification]).toEqual([
      409,
      { key: 'licence.none', params: { at: '2026-11-03 08:30:00' } },
    ]);
    const knowingly = { Justification: 'Delivered before the licence was issued' };
    const notOfficer = await rejection(material.receive(tenant, ada, generator({ LicenceExceeded: knowingly }), false));
    expect([notOfficer.statusCode, notOfficer.notification.key]).toEqual([403, 'auth.role_required']);
    expect([book.linesOf(tenant), await material.list(tenant, undefined)]).toEqual([[], []]);
    const booked = await material.receive(tenant, rosa, generator({ LicenceExceeded: knowingly }), false);
    expect(booked.notes).toEqual([{ key: 'material.booked_without_licence', params: { at: '2026-11-03 08:30:00' } }]);
    expect(booked.model).toMatchObject({ LicenceUuid: null, LicenceExceeded: knowingly });
    expect(book.linesOf(tenant)).toMatchObject([
      { Entry: 'RECEIPT', LicenceUuid: null, LicenceExceeded: true, Justification: knowingly.Justification },
    ]);
  });

  it(
    'books the item within the licence: its chained line, its ' + 'locked copy, a booking the licence then keeps',
    async () => {
      const { tenant, material, book, records, licences, licence } = await withLicence();
      const { model, notes } = await material.receive(tenant, ada, generator(), false);
      expect(notes).toEqual([]);
      expect(model).toMatchObject({
        Kind: 'GENERATOR',
        Nuclide: 'Ge-68',
        ReceivedBy: 'ada',
        ReceivedByName: 'Ada Lovelace',
        LicenceUuid: licence,
        LicenceExceeded: null,
        State: 'IN_STOCK',
        RemainingAt: '2026-11-20 12:00:00',
      });
      // 18 days of Ge-68 since the certificate: 1.767 GBq.
      expect(model.RemainingBq).toBeCloseTo(generatorAt(18 * 86_400), 0);
      expect(model.RemainingBq).toBeCloseTo(1.7667e9, -5);
      const [line] = book.linesOf(tenant);
      expect(line).toMatchObject({
        LineUuid: model.LineUuid,
        Entry: 'RECEIPT',
        ItemUuid: model.Uuid,
        BookedAt: '2026-11-20 12:00:00',
        BookedByName: 'Ada Lovelace',
        OccurredAt: '2026-11-03 08:30:00',
        LicenceUuid: licence,
        LicenceExceeded: false,
        PreviousSha256: null,
      });
      expect(await book.material.bookHead(tenant)).toBe(line!.LineSha256);
      const copy = records.objects.get(lineKey(MATERIAL_BOOK, tenant, line!))!;
      expect(new TextDecoder().decode(copy.body)).toBe(canonicalLine(line!));
      expect(copy.retention).toMatchObject({ mode: 'COMPLIANCE', until: new Date('2056-11-20T12:00:00Z') });
      expect(book.bookingsOf(tenant, licence)).toEqual({ Bookings: 1, LastBookedAt: '2026-11-20 12:00:00' });
      const kept = await rejection(
        licences.update(tenant, rosa, licence, { Limits: [{ Nuclide: 'Ge-68', MaxActivityBq: 1e10 }] }, undefined),
      );
      expect([kept.statusCode, kept.notification.key]).toEqual([409, 'licence.booked']);
    },
  );

  it(
    'is refused above the licence naming the nuclide, its stock, ' + 'what comes in and the limit; a dry run the same',
    async () => {
      const { tenant, material, book, licence } = await withLicence();
      await material.receive(tenant, ada, generator(), false);
      // At 11:30 on 20 November the first generator holds 1.85 GBq decayed 17 d 23.5 h; 2.5 GBq more exceed 4 GBq.
      const second = generator({
        ActivityBq: 2.5e9,
        ActivityDateTime: '2026-11-20 11:30:00',
        ReceivedAt: '2026-11-20 11:30:00',
      });
      const details = [
        {
          key: 'detail.licence_exceeded',
          params: {
            nuclide: 'Ge-68',
            stock: generatorAt(17 * 86_400 + 23.5 * 3600).toPrecision(4),
            incoming: '2.500e+9',
            limit: '4.000e+9',
          },
        },
      ];
      expect(details[0]!.params.stock).toBe('1.767e+9');
      for (const dryRun of [false, true]) {
        const refused = await rejection(material.receive(tenant, ada, second, dryRun));
        expect([refused.statusCode, refused.notification.key, refused.notification.details]).toEqual([
          409,
          'licence.exceeded',
          details,
        ]);
      }
      // Planned within the licence: answered, nothing booked.
      const planned = await material.receive(tenant, ada, { ...second, ActivityBq: 2e9 }, true);
      expect(planned.notes).toEqual([{ key: 'material.dry_run' }]);
      expect(planned.model).toMatchObject({ ActivityBq: 2e9, LicenceUuid: licence, State: 'IN_STOCK' });
      expect(book.linesOf(tenant)).toHaveLength(1);
      expect(await material.list(tenant, undefined)).toHaveLength(1);
      expect(book.bookingsOf(tenant, licence)?.Bookings).toBe(1);
      // An officer books what arrived all the same: flagged, and told what it exceeds.
      const justification = { Justification: 'Second generator delivered by mistake, returned tomorrow' };
      const booked = await material.receive(tenant, rosa, { ...second, LicenceExceeded: justification }, false);
      expect(booked.notes).toEqual([{ key: 'material.booked_above_licence', details }]);
      expect(booked.model).toMatchObject({ LicenceUuid: licence, LicenceExceeded: justification });
      expect(book.linesOf(tenant)[1]).toMatchObject({
        LicenceExceeded: true,
        Justification: justification.Justification,
      });
      // Within the licence an officer's statement flags nothing.
      const within = await material.receive(tenant, rosa, fdg({ LicenceExceeded: justification }), false);
      expect([within.notes, within.model.LicenceExceeded]).toEqual([[], null]);
    },
  );

  it('checks the sum of ratios under the sum rule', async () => {
    const { tenant, material } = await withLicence({ ...LICENCE, SumRule: true });
    await material.receive(tenant, ada, generator(), false);
    // Ge-68 1.767/4 = 0.442; 3 GBq of Ga-68 arriving at noon: 3/5 = 0.6: the sum 1.04, each within its own limit.
    const refused = await rejection(
      material.receive(
        tenant,
        ada,
        generator({
          Kind: 'ELUATE',
          Nuclide: 'Ga-68',
          ActivityBq: 3e9,
          ActivityDateTime: '2026-11-20 12:00:00',
          ReceivedAt: '2026-11-20 12:00:00',
        }),
        false,
      ),
    );
    const sum = generatorAt(18 * 86_400) / 4e9 + 3e9 / 5e9;
    expect(refused.notification.details).toEqual([{ key: 'detail.licence_sum', params: { sum: sum.toPrecision(4) } }]);
    expect(sum.toPrecision(4)).toBe('1.042');
  });

  it("is checked against the licence in force at its time; an eluate's Ge-68 breakthrough counts too", async () => {
    const { tenant, material, licences, book, licence } = await withLicence();
    const { model: gen } = await material.receive(tenant, ada, generator(), false);
    // From 20 November a licence whose Ge-68 limit leaves 5 kBq above the generator at 09:00.
    const held = generatorAt(17 * 86_400 + 21 * 3600);
    const later = await licences.create(tenant, rosa, {
      ...LICENCE,
      FileNumber: 'UG-17/2026-1',
      ValidFrom: '2026-11-20 00:00:00',
      Limits: [
        { Nuclide: 'Ge-68', MaxActivityBq: held + 5000 },
        { Nuclide: 'Ga-68', MaxActivityBq: 5e9 },
      ],
    });
    const refused = await rejection(material.elute(tenant, ada, gen.Uuid, elution(), false));
    expect(refused.notification.details).toEqual([
      {
        key: 'detail.licence_exceeded',
        params: {
          nuclide: 'Ge-68',
          stock: held.toPrecision(4),
          incoming: '1.000e+4',
          limit: (held + 5000).toPrecision(4),
        },
      },
    ]);
    // Without its breakthrough the eluate is within the later licence, and told what its certificate should name.
    const eluate = await material.elute(tenant, ada, gen.Uuid, elution(undefined, { Breakthrough: null }), false);
    expect(eluate.notes).toEqual([
      { key: 'material.impurities_expected', params: { nuclide: 'Ga-68', impurities: 'Ge-68' } },
    ]);
    expect([gen.LicenceUuid, eluate.model.LicenceUuid]).toEqual([licence, later.model.Uuid]);
    expect([
      book.bookingsOf(tenant, licence)?.Bookings,
      book.bookingsOf(tenant, later.model.Uuid as string)?.Bookings,
    ]).toEqual([1, 1]);
  });

  it(
    'files its certificate under the item; refuses one of ' + 'another scope, one filed elsewhere, one it lacks',
    async () => {
      const { tenant, material, book } = await withLicence();
      const certificate = (uuid: string, scope: 'GENERATOR' | 'CYCLOTRON_PRODUCT', reference = 'unfiled') =>
        newDocument(
          tenant,
          uuid,
          { Scope: scope, ScopeReference: reference, Filename: `${uuid}.pdf` },
          new Date('2026-11-03T08:00:00Z'),
        );
      book.addDocument(certificate('cert-1', 'GENERATOR'));
      book.addDocument(certificate('cert-2', 'CYCLOTRON_PRODUCT'));
      const missing = await rejection(
        material.receive(tenant, ada, generator({ CertificateDocumentUuid: 'cert-9' }), false),
      );
      expect(missing.notification.details).toEqual([
        { key: 'detail.document_not_found', params: { field: 'CertificateDocumentUuid', uuid: 'cert-9' } },
      ]);
      const scope = await rejection(
        material.receive(tenant, ada, generator({ CertificateDocumentUuid: 'cert-2' }), false),
      );
      expect(scope.notification.details).toEqual([
        {
          key: 'detail.certificate_scope',
          params: {
            field: 'CertificateDocumentUuid',
            uuid: 'cert-2',
            scope: 'CYCLOTRON_PRODUCT',
            expected: 'GENERATOR',
          },
        },
      ]);
      // A dry run files nothing.
      await material.receive(tenant, ada, generator({ CertificateDocumentUuid: 'cert-1' }), true);
      expect(book.documentOf(tenant, 'cert-1')).toMatchObject({ ScopeReference: 'unfiled', Version: 1 });
      const { model } = await material.receive(tenant, ada, generator({ CertificateDocumentUuid: 'cert-1' }), false);
      expect(book.documentOf(tenant, 'cert-1')).toMatchObject({
        ScopeReference: model.Uuid,
        Version: 2,
        UpdatedAt: '2026-11-20 12:00:00',
      });
      const taken = await rejection(
        material.receive(tenant, ada, generator({ CertificateDocumentUuid: 'cert-1' }), false),
      );
      expect([taken.statusCode, taken.notification]).toEqual([
        409,
        { key: 'material.certificate_taken', params: { document: 'cert-1', item: model.Uuid } },
      ]);
      expect(book.linesOf(tenant)).toHaveLength(1);
    },
  );

  it('refuses a generator of a nuclide no generator gives and a time more than 5 minutes ahead', async () => {
    const { tenant, material } = await withLicence();
    const notGenerator = await rejection(material.receive(tenant, ada, generator({ Nuclide: 'F-18' }), false));
    expect(notGenerator.notification.details).toEqual([
      { key: 'detail.generator_nuclide', params: { field: 'Nuclide', nuclides: 'Ge-68, Mo-99, Sr-82' } },
    ]);
    const ahead = await rejection(material.receive(tenant, ada, fdg({ ReceivedAt: '2026-11-20 12:05:01' }), false));
    expect([ahead.statusCode, ahead.notification.details![0]!.key]).toEqual([400, 'detail.future']);
    expect((await material.receive(tenant, ada, fdg({ ReceivedAt: '2026-11-20 12:05:00' }), false)).model.State).toBe(
      'IN_STOCK',
    );
  });
});

describe('an elution', () => {
  it("makes an eluate of the generator's daughter, its measured breakthrough its impurities", async () => {
    const { tenant, material, book } = await withLicence();
    const { model: gen } = await material.receive(tenant, ada, generator(), false);
    const { model, notes } = await material.elute(tenant, ada, gen.Uuid, elution(undefined, { Batch: 'E-1' }), false);
    expect(notes).toEqual([]);
    expect(model).toMatchObject({
      Kind: 'ELUATE',
      Nuclide: 'Ga-68',
      ActivityBq: 1e9,
      ActivityDateTime: '2026-11-20 09:00:00',
      ReceivedAt: '2026-11-20 09:00:00',
      ParentUuid: gen.Uuid,
      Impurities: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
      Supplier: 'Eckert & Ziegler',
      Batch: 'E-1',
    });
    // Three hours of Ga-68 (67.71 min) since the elution.
    expect(model.RemainingBq).toBeCloseTo(1e9 * 0.5 ** (10_800 / (67.71 * 60)), 0);
    expect(book.linesOf(tenant).map((l) => [l.Entry, l.ParentUuid])).toEqual([
      ['RECEIPT', null],
      ['ELUTION', gen.Uuid],
    ]);
  });

  it('needs a generator of the facility, in stock, eluted after it arrived', async () => {
    const { tenant, material } = await withLicence();
    const { model: gen } = await material.receive(tenant, ada, generator(), false);
    const { model: f18 } = await material.receive(tenant, ada, fdg(), false);
    const eluted = elution('2026-11-20 11:00:00', { Breakthrough: null });
    const other = await rejection(material.elute({ client: 'c1', facility: 'f2' }, ada, gen.Uuid, eluted, false));
    expect([other.statusCode, other.notification.key]).toEqual([404, 'material.not_found']);
    const notGenerator = await rejection(material.elute(tenant, ada, f18.Uuid, eluted, false));
    expect([notGenerator.statusCode, notGenerator.notification]).toEqual([
      409,
      { key: 'material.not_generator', params: { kind: 'RADIOPHARMACEUTICAL' } },
    ]);
    const early = await rejection(
      material.elute(tenant, ada, gen.Uuid, { ...eluted, ElutedAt: '2026-11-03 08:29:59' }, false),
    );
    expect([early.statusCode, early.notification.details![0]!.params!.field]).toEqual([400, 'ElutedAt']);
    await material.move(tenant, rosa, gen.Uuid, {
      Kind: 'RETURNED',
      ActivityBq: generatorAt(18 * 86_400 - 3600),
      MovedAt: '2026-11-20 11:00:00',
      Recipient: 'Eckert & Ziegler',
    });
    const returned = await rejection(material.elute(tenant, ada, gen.Uuid, eluted, false));
    expect([returned.statusCode, returned.notification.key]).toEqual([409, 'material.used_up']);
  });
});

describe('movements', () => {
  it('take what is left within the meter’s 1 %; the one that leaves at most 1 % uses the item up', async () => {
    const { tenant, material, book } = await withLicence();
    const { model: item } = await material.receive(tenant, ada, fdg(), false);
    const given = await material.move(tenant, ada, item.Uuid, administration());
    expect(given.movement).toMatchObject({
      Kind: 'ADMINISTERED',
      Applications: 2,
      MovedByName: 'Ada Lovelace',
      MaterialUuid: item.Uuid,
    });
    // At noon: 10 GBq decayed 2 h, less 4 GBq decayed 1 h: 4.687 − 2.739 = 1.949 GBq.
    const noon = 1e10 * 0.5 ** (7200 / F18) - 4e9 * 0.5 ** (3600 / F18);
    expect(given.item.RemainingBq).toBeCloseTo(noon, 0);
    expect(given.item.RemainingBq).toBeCloseTo(1.9487e9, -5);
    // At 11:30 what is left is 5.665 − 3.310 = 2.355 GBq: 3 GBq is more than 1 % above it.
    const left = 1e10 * 0.5 ** (5400 / F18) - 4e9 * 0.5 ** (1800 / F18);
    const returned = { Kind: 'RETURNED' as const, MovedAt: '2026-11-20 11:30:00', Recipient: 'Cyclotron GmbH' };
    const over = await rejection(material.move(tenant, ada, item.Uuid, { ...returned, ActivityBq: 3e9 }));
    expect([over.statusCode, over.notification]).toEqual([
      409,
      {
        key: 'material.overdrawn',
        params: { activity: '3.000e+9', remainder: left.toPrecision(4), at: '2026-11-20 11:30:00' },
      },
    ]);
    expect(left.toPrecision(4)).toBe('2.355e+9');
    const lost = { Kind: 'LOST' as const, MovedAt: '2026-11-20 11:30:00', Justification: 'Vial broken in the hot lab' };
    const notOfficer = await rejection(material.move(tenant, ada, item.Uuid, { ...lost, ActivityBq: left }));
    expect([notOfficer.statusCode, notOfficer.notification.key]).toEqual([403, 'auth.role_required']);
    const rest = await material.move(tenant, rosa, item.Uuid, { ...lost, ActivityBq: left * 1.005 });
    expect(rest.item).toMatchObject({ State: 'USED_UP', RemainingBq: 0 });
    const usedUp = await rejection(material.move(tenant, ada, item.Uuid, { ...returned, ActivityBq: 1 }));
    expect(usedUp.notification.key).toBe('material.used_up');
    expect((await material.movements(tenant, item.Uuid)).map((m) => [m.Kind, m.MovedBy])).toEqual([
      ['ADMINISTERED', 'ada'],
      ['LOST', 'rosa'],
    ]);
    const lines = book.linesOf(tenant);
    expect(lines.map((l) => l.Entry)).toEqual(['RECEIPT', 'ADMINISTERED', 'LOST']);
    expect(lines.map((l) => l.PreviousSha256)).toEqual([null, lines[0]!.LineSha256, lines[1]!.LineSha256]);
  });

  it('refuse a movement before the item arrived, ahead of the clock, or of an item the facility lacks', async () => {
    const { tenant, material } = await withLicence();
    const { model: item } = await material.receive(tenant, ada, fdg(), false);
    const administered = { Kind: 'ADMINISTERED' as const, ActivityBq: 1e8, Applications: 1 };
    const before = await rejection(
      material.move(tenant, ada, item.Uuid, { ...administered, MovedAt: '2026-11-20 09:59:59' }),
    );
    expect(before.notification.details).toEqual([
      { key: 'detail.not_before', params: { field: 'MovedAt', other: 'ReceivedAt' } },
    ]);
    const ahead = await rejection(
      material.move(tenant, ada, item.Uuid, { ...administered, MovedAt: '2026-11-20 12:06:00' }),
    );
    expect(ahead.notification.details![0]).toMatchObject({ key: 'detail.future', params: { field: 'MovedAt' } });
    const other = await rejection(
      material.move({ client: 'c1', facility: 'f2' }, ada, item.Uuid, {
        ...administered,
        MovedAt: '2026-11-20 11:00:00',
      }),
    );
    expect(other.statusCode).toBe(404);
    expect((await rejection(material.movements({ client: 'c1', facility: 'f2' }, item.Uuid))).statusCode).toBe(404);
  });

  it('never fork the book: a booking that read a head another moved is booked again after it', async () => {
    const { tenant, material, book, records } = await withLicence();
    const { model: item } = await material.receive(tenant, ada, fdg(), false);
    // Another booking lands between the movement's read of the head and its write.
    const bookHead = book.material.bookHead.bind(book.material);
    let landed = false;
    book.material.bookHead = async (t) => {
      const head = await bookHead(t);
      if (!landed) {
        landed = true;
        await material.receive(tenant, ada, generator(), false);
      }
      return head;
    };
    await material.move(tenant, ada, item.Uuid, {
      Kind: 'ADMINISTERED',
      ActivityBq: 1e9,
      MovedAt: '2026-11-20 11:00:00',
      Applications: 1,
    });
    const lines = book.linesOf(tenant);
    expect(lines.map((l) => l.Entry)).toEqual(['RECEIPT', 'RECEIPT', 'ADMINISTERED']);
    expect((await material.movements(tenant, item.Uuid)).length).toBe(1);
    const objects = [...records.objects.values()].map((o) => ({ line: JSON.parse(new TextDecoder().decode(o.body)) }));
    expect(verifyChain(MATERIAL_BOOK, lines, null, objects)).toMatchObject({ Valid: true, Lines: 3, Objects: 3 });
  });
});
