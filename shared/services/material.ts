/**
 * The book of radioactive material's use cases (StrlSchV § 85): receipts and elutions checked against the licence
 * in force at their time, movements checked against what is left; beside them the book's reads (the items and their
 * movements: shared/services/material-reads.ts; the stock at a moment: shared/services/material-stock.ts). Each write
 * books its line of the chained book in its own transaction; its locked object follows once the transaction succeeded
 * (shared/services/book-archive.ts). A move into a waste container is a content of the container and goes through
 * its contents (shared/services/container-contents.ts).
 */
import { randomUUID } from 'node:crypto';
import type { MaterialStore } from '../data/material';
import type { Tenant } from '../data/table';
import { optimistic } from '../data/transact';
import { exceeded, licenceAt, type LicenceRecord } from '../domain/licence';
import {
  checkDrawable,
  checkMovable,
  expectsImpurities,
  GENERATOR_DAUGHTERS,
  type MaterialItem,
  type Movement,
  shareOfItem,
  withMovement,
} from '../domain/material';
import { type MaterialModel, type MovementModel, toMaterialModel, toMovementModel } from '../domain/material-model';
import { bookingOf, chainBookLine, movementLine, receiptLine } from '../domain/material-book';
import { type Activities, addAmount, totalsOf } from '../domain/stock';
import { formatTimestamp, isInTheFuture } from '../domain/time';
import { AppError, badRequest, conflict, conflictOver } from '../errors';
import type { Detail, NotificationSpec } from '../i18n/translate';
import type { ElutionInput, MovementInput, ReceiptInput } from '../schemas/material';
import { futureDetail } from '../domain/container-contents';
import { earlierAnswer, noteThenCommit } from '../replay';
import type { BookArchive } from './book-archive';
import { materialReads, mustLoadItem } from './material-reads';
import { type BookReader, type HoldingReader, materialStock } from './material-stock';
import { actorOf, type Writer } from './writes';
import { publishLicenceExceeded } from '../metrics';

/** The outcome of a booking: the item as the API shows it, and what the caller is told besides. */
export interface Booked {
  model: MaterialModel;
  notes: NotificationSpec[];
}

const OFFICER = 'rpo';

export function materialService(
  store: MaterialStore,
  containers: HoldingReader,
  book: BookReader,
  archive: BookArchive,
  clock: () => Date = () => new Date(),
) {
  const stock = materialStock(store, containers, book, clock);

  /**
   * The licence a booking of `incoming` at `at` is checked against: 409 `licence.none` without one in force, 409
   * `licence.exceeded` naming each nuclide above its limit (and the sum); an officer's LicenceExceeded books it
   * all the same (the answer's Warning names what it exceeds).
   */
  async function checkLicence(
    tenant: Tenant,
    caller: Writer,
    at: string,
    incoming: Activities,
    knowingly: { Justification: string } | null,
  ): Promise<{ licence: LicenceRecord | undefined; notes: NotificationSpec[] }> {
    if (knowingly && !caller.roles.includes(OFFICER))
      throw new AppError(403, 'auth.role_required', { params: { role: OFFICER } });
    const licence = licenceAt(await store.licences(tenant), at);
    if (!licence) {
      if (knowingly) return { licence, notes: [{ key: 'material.booked_without_licence', params: { at } }] };
      throw conflict('licence.none', { at });
    }
    const held = await stock.heldAt(tenant, at);
    const over = exceeded(licence, totalsOf(held.store, held.containers), incoming);
    const details: Detail[] = [
      ...over.nuclides.map((n) => ({
        key: 'detail.licence_exceeded' as const,
        params: {
          nuclide: n.Nuclide,
          stock: n.StockBq.toPrecision(4),
          incoming: n.IncomingBq.toPrecision(4),
          limit: n.MaxActivityBq.toPrecision(4),
        },
      })),
      ...(over.sum === null ? [] : [{ key: 'detail.licence_sum' as const, params: { sum: over.sum.toPrecision(4) } }]),
    ];
    if (details.length === 0) return { licence, notes: [] };
    if (!knowingly) throw conflictOver('licence.exceeded', details);
    return { licence, notes: [{ key: 'material.booked_above_licence', details }] };
  }

  /** What an item brings at `at`: its nuclide and its impurities, per nuclide. */
  const incomingOf = (
    item: Pick<MaterialItem, 'Nuclide' | 'ActivityBq' | 'ActivityDateTime' | 'Impurities'>,
    at: string,
  ) => {
    const incoming: Activities = new Map();
    addAmount(incoming, shareOfItem(item, 1), at);
    return incoming;
  };

  const impurityNotes = (item: Pick<MaterialItem, 'Nuclide' | 'Impurities'>): NotificationSpec[] => {
    const expected = expectsImpurities(item.Nuclide);
    return expected && item.Impurities === null
      ? [{ key: 'material.impurities_expected', params: { nuclide: item.Nuclide, impurities: expected.join(', ') } }]
      : [];
  };

  /** Books a new item (a receipt, or an elution's eluate) unless it is a dry run. */
  async function book_(
    tenant: Tenant,
    caller: Writer,
    draft: Omit<MaterialItem, 'LicenceUuid' | 'LineUuid' | 'Version' | 'CreatedAt' | 'UpdatedAt'>,
    knowingly: { Justification: string } | null,
    dryRun: boolean,
    certificate: Parameters<MaterialStore['receive']>[1]['certificate'],
  ): Promise<Booked> {
    return optimistic(async () => {
      // A retry whose first attempt booked the item answers what that attempt noted before its transaction
      // (shared/replay.ts): the licence, the head and the stock have all moved on by then.
      const earlier = dryRun
        ? undefined
        : await earlierAnswer<Booked>(async (noted) =>
            Boolean(await store.get(tenant, noted.model.Uuid, { consistent: true })),
          );
      if (earlier) return earlier;
      const now = clock();
      const at = formatTimestamp(now);
      const { licence, notes } = await checkLicence(
        tenant,
        caller,
        draft.ReceivedAt,
        incomingOf(draft, draft.ReceivedAt),
        knowingly,
      );
      const booking = bookingOf(caller, at, randomUUID());
      const item: MaterialItem = {
        ...draft,
        LicenceUuid: licence?.Uuid ?? null,
        LicenceExceeded: notes.length && knowingly ? knowingly : null,
        LineUuid: booking.lineUuid,
        Version: 1,
        CreatedAt: at,
        UpdatedAt: at,
      };
      const names = new Map(caller.name ? [[caller.sub, caller.name]] : []);
      const allNotes = [...notes, ...impurityNotes(item)];
      if (dryRun) return { model: toMaterialModel(item, names, at), notes: [...allNotes, { key: 'material.dry_run' }] };
      const previous = await store.bookHead(tenant);
      const line = chainBookLine(receiptLine(booking, item, item.LicenceExceeded?.Justification ?? null), previous);
      const answer: Booked = { model: toMaterialModel(item, names, at), notes: allNotes };
      await noteThenCommit(answer, () =>
        store.receive(item, {
          book: { line, previous },
          licence: licence ? { Uuid: licence.Uuid, Version: licence.Version } : null,
          certificate,
          actor: actorOf(caller),
        }),
      );
      await archive.keep(tenant, [line]);
      if (item.LicenceExceeded) publishLicenceExceeded();
      return answer;
    });
  }

  /** The certificate a receipt names: a document of the facility in the scope of its kind, pointed at the new item. */
  async function certificateOf(tenant: Tenant, input: ReceiptInput, uuid: string) {
    if (input.CertificateDocumentUuid === null) return null;
    const field = 'CertificateDocumentUuid';
    const document = await store.document(tenant, input.CertificateDocumentUuid);
    if (!document)
      throw badRequest([{ key: 'detail.document_not_found', params: { field, uuid: input.CertificateDocumentUuid } }]);
    const scope = input.Kind === 'GENERATOR' || input.Kind === 'ELUATE' ? 'GENERATOR' : 'CYCLOTRON_PRODUCT';
    if (document.Scope !== scope)
      throw badRequest([
        {
          key: 'detail.certificate_scope',
          params: { field, uuid: document.Uuid, scope: document.Scope, expected: scope },
        },
      ]);
    // A certificate filed under another item of the book stays there.
    if (await store.get(tenant, document.ScopeReference))
      throw conflict('material.certificate_taken', { document: document.Uuid, item: document.ScopeReference });
    const now = formatTimestamp(clock());
    return {
      previous: document,
      next: { ...document, ScopeReference: uuid, Version: document.Version + 1, UpdatedAt: now },
    };
  }

  const mustLoad = (tenant: Tenant, uuid: string, consistent = false) => mustLoadItem(store, tenant, uuid, consistent);

  const checkNotAhead = (field: string, value: string) => {
    if (isInTheFuture(value, clock())) throw badRequest([futureDetail(field)]);
  };

  return {
    /** POST material: a receipt (any user of the facility: it records what arrived). */
    async receive(tenant: Tenant, caller: Writer, input: ReceiptInput, dryRun: boolean): Promise<Booked> {
      checkNotAhead('ReceivedAt', input.ReceivedAt);
      if (input.Kind === 'GENERATOR' && !GENERATOR_DAUGHTERS[input.Nuclide])
        throw badRequest([
          {
            key: 'detail.generator_nuclide',
            params: { field: 'Nuclide', nuclides: Object.keys(GENERATOR_DAUGHTERS).join(', ') },
          },
        ]);
      const uuid = randomUUID();
      const certificate = await certificateOf(tenant, input, uuid);
      return book_(
        tenant,
        caller,
        {
          Client: tenant.client,
          Facility: tenant.facility,
          Uuid: uuid,
          Kind: input.Kind,
          Nuclide: input.Nuclide,
          ActivityBq: input.ActivityBq,
          ActivityDateTime: input.ActivityDateTime,
          ReceivedAt: input.ReceivedAt,
          ReceivedBy: caller.sub,
          Supplier: input.Supplier,
          Batch: input.Batch,
          ChemicalForm: input.ChemicalForm,
          Impurities: input.Impurities,
          CertificateDocumentUuid: input.CertificateDocumentUuid,
          ParentUuid: null,
          LicenceExceeded: null,
          Movements: [],
          State: 'IN_STOCK',
        },
        input.LicenceExceeded,
        dryRun,
        certificate,
      );
    },

    /** POST material/{generator}/elution: the eluate, a new item whose impurities are the measured breakthrough. */
    async elute(
      tenant: Tenant,
      caller: Writer,
      generatorUuid: string,
      input: ElutionInput,
      dryRun: boolean,
    ): Promise<Booked> {
      checkNotAhead('ElutedAt', input.ElutedAt);
      const generator = await mustLoad(tenant, generatorUuid, true);
      const daughter = GENERATOR_DAUGHTERS[generator.Nuclide];
      if (generator.Kind !== 'GENERATOR' || !daughter)
        throw conflict('material.not_generator', { kind: generator.Kind });
      if (generator.State === 'USED_UP') throw conflict('material.used_up');
      if (input.ElutedAt < generator.ReceivedAt)
        throw badRequest([
          { key: 'detail.not_before', params: { field: 'ElutedAt', other: 'the generator’s ReceivedAt' } },
        ]);
      return book_(
        tenant,
        caller,
        {
          Client: tenant.client,
          Facility: tenant.facility,
          Uuid: randomUUID(),
          Kind: 'ELUATE',
          Nuclide: daughter,
          ActivityBq: input.ActivityBq,
          ActivityDateTime: input.ElutedAt,
          ReceivedAt: input.ElutedAt,
          ReceivedBy: caller.sub,
          Supplier: generator.Supplier,
          Batch: input.Batch,
          ChemicalForm: input.ChemicalForm,
          Impurities: input.Breakthrough,
          CertificateDocumentUuid: null,
          ParentUuid: generator.Uuid,
          LicenceExceeded: null,
          Movements: [],
          State: 'IN_STOCK',
        },
        null,
        dryRun,
        null,
      );
    },

    /**
     * POST material/{uuid}/movement of a kind other than TO_CONTAINER (that one is a container's content): checked
     * against what is left; LOST is the officer's.
     */
    async move(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      input: Exclude<MovementInput, { Kind: 'TO_CONTAINER' }>,
    ): Promise<{ movement: MovementModel; item: MaterialModel }> {
      if (input.Kind === 'LOST' && !caller.roles.includes(OFFICER))
        throw new AppError(403, 'auth.role_required', { params: { role: OFFICER } });
      checkNotAhead('MovedAt', input.MovedAt);
      return optimistic(async () => {
        const item = await mustLoad(tenant, uuid, true);
        // A retry whose first attempt booked the movement answers what that attempt noted (shared/replay.ts).
        const earlier = await earlierAnswer<{ movement: MovementModel; item: MaterialModel }>((noted) =>
          item.Movements.some((m) => m.Uuid === noted.movement.Uuid),
        );
        if (earlier) return earlier;
        checkMovable(item);
        if (input.MovedAt < item.ReceivedAt)
          throw badRequest([{ key: 'detail.not_before', params: { field: 'MovedAt', other: 'ReceivedAt' } }]);
        const { usesUp, portion } = checkDrawable(item, input.ActivityBq, input.MovedAt);
        const at = formatTimestamp(clock());
        const booking = bookingOf(caller, at, randomUUID());
        const movement: Movement = {
          Uuid: randomUUID(),
          Kind: input.Kind,
          ActivityBq: input.ActivityBq,
          MovedAt: input.MovedAt,
          Portion: portion,
          Applications: input.Kind === 'ADMINISTERED' ? input.Applications : null,
          ContainerUuid: null,
          Recipient: input.Kind === 'RETURNED' ? input.Recipient : null,
          Justification: input.Kind === 'LOST' ? input.Justification : null,
          MovedBy: caller.sub,
          LineUuid: booking.lineUuid,
          CorrectedBy: null,
        };
        const next = withMovement(item, movement, usesUp, at);
        const previous = await store.bookHead(tenant);
        const line = chainBookLine(movementLine(booking, next, movement), previous);
        const names = new Map(caller.name ? [[caller.sub, caller.name]] : []);
        const answer = { movement: toMovementModel(next, movement, names), item: toMaterialModel(next, names, at) };
        await noteThenCommit(answer, () => store.move(item, next, { line, previous }, actorOf(caller)));
        await archive.keep(tenant, [line]);
        return answer;
      });
    },

    ...materialReads(store, clock),
    stock: stock.stock,
  };
}
export type MaterialService = ReturnType<typeof materialService>;
