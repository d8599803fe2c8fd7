/**
 * In-memory adapters of the material book's ports, sharing one book, for unit tests of its services: the material
 * store (shared/data/material.ts), the licence store (shared/data/licences.ts), the book's lines as the reports and a
 * past moment's stock read them (shared/data/material-book.ts), and a sink for the container store's writes that book
 * material (test/support/memory/containers.ts MemoryBookSink). Faithful where the services rely on it: each write is
 * one transaction, all its conditions checked before anything is written, and fails whole with ConditionFailedError
 * when an item exists or its stored version moved, a line's key is taken, the book's head is not the one the writer
 * read, the licence booked on is no longer the version read, the certificate moved, or (a change of what a booking
 * keeps) the licence has a booking. A receipt adds a booking to its licence, which leaves the licence's version alone.
 * `materialSetup` wires the services over them as the functions do (functions/commons/bookings.ts), `withLicence` the
 * same with a licence in force; below them what the services' tests book.
 */
import type { BookExtras } from '../../../shared/data/container-store';
import type { LicenceStore } from '../../../shared/data/licences';
import type { MaterialStore, ReceiptWrite } from '../../../shared/data/material';
import type { BookWrite } from '../../../shared/data/material-book';
import type { Actor } from '../../../shared/data/persons';
import type { Tenant } from '../../../shared/data/table';
import { ConditionFailedError } from '../../../shared/data/transact';
import type { DocumentRecord } from '../../../shared/domain/document';
import { randomUUID } from 'node:crypto';
import type { Licence, LicenceCreate, LicenceRecord } from '../../../shared/domain/licence';
import type { MaterialItem } from '../../../shared/domain/material';
import type { BookLine } from '../../../shared/domain/material-book';
import type { ElutionInput, MovementInput, ReceiptInput } from '../../../shared/schemas/material';
import { bookArchive } from '../../../shared/services/book-archive';
import { type BookPort, holdingReader } from '../../../shared/services/container-book';
import { containerService } from '../../../shared/services/containers';
import { licenceService } from '../../../shared/services/licences';
import { materialService } from '../../../shared/services/material';
import type { Writer } from '../../../shared/services/writes';
import { bookVerification, materialReports } from '../../../shared/services/material-reports';
import { type MemoryBookSink, memoryContainerStore } from './containers';
import { memoryFileStorage } from './files';

const facilityOf = (tenant: Tenant) => `${tenant.client}#${tenant.facility}`;
const idOf = (tenant: Tenant, uuid: string) => `${facilityOf(tenant)}#${uuid}`;
const tenantOf = (r: { Client: string; Facility: string }): Tenant => ({ client: r.Client, facility: r.Facility });
const failed = () => new ConditionFailedError(['ConditionalCheckFailed']);
/** A line's sort key in the table: its time, then its id. */
const keyOf = (line: Pick<BookLine, 'BookedAt' | 'LineUuid'>) => `${line.BookedAt}#${line.LineUuid}`;

export function memoryMaterial() {
  const items = new Map<string, MaterialItem>();
  const licences = new Map<string, LicenceRecord>();
  const documents = new Map<string, DocumentRecord>();
  /** Each facility's lines, in the order they were booked, and its head (the last line's hash). */
  const lines = new Map<string, BookLine[]>();
  const heads = new Map<string, string>();
  const people = new Map<string, string>();

  const linesOf = (tenant: Tenant) => lines.get(facilityOf(tenant)) ?? [];
  const remember = (client: string, actor: Actor) => {
    if (actor.name) people.set(`${client}#${actor.sub}`, actor.name);
  };

  // A transaction's parts: each checks its condition, then (once every condition held) writes.
  type Part = { check(): void; write(): void };
  const transact = (parts: Part[]) => {
    for (const part of parts) part.check();
    for (const part of parts) part.write();
  };
  /** The line (never over one) and the head moved from the one the writer read (or where there is none). */
  const bookPart = (tenant: Tenant, book: BookWrite): Part => ({
    check() {
      const head = heads.get(facilityOf(tenant));
      if (book.previous === null ? head !== undefined : head !== undefined && head !== book.previous) throw failed();
      if (linesOf(tenant).some((l) => keyOf(l) === keyOf(book.line))) throw failed();
    },
    write() {
      lines.set(facilityOf(tenant), [...linesOf(tenant), structuredClone(book.line)]);
      heads.set(facilityOf(tenant), book.line.LineSha256);
    },
  });
  /** An item's next version over the version read (`previous` undefined: a new item). */
  const itemPart = (next: MaterialItem, previous?: MaterialItem): Part => ({
    check() {
      const stored = items.get(idOf(tenantOf(next), next.Uuid));
      if (previous === undefined ? stored !== undefined : stored?.Version !== previous.Version) throw failed();
    },
    write() {
      items.set(idOf(tenantOf(next), next.Uuid), structuredClone(next));
    },
  });

  const material: MaterialStore = {
    async get(tenant, uuid) {
      const item = items.get(idOf(tenant, uuid));
      return item && structuredClone(item);
    },
    async getMany(tenant, uuids) {
      return uuids.flatMap((uuid) => {
        const item = items.get(idOf(tenant, uuid));
        return item ? [structuredClone(item)] : [];
      });
    },
    async inStock(tenant) {
      return [...items.values()]
        .filter((i) => facilityOf(tenantOf(i)) === facilityOf(tenant) && i.State === 'IN_STOCK')
        .map((i) => structuredClone(i));
    },
    async list(tenant) {
      return [...items.values()]
        .filter((i) => facilityOf(tenantOf(i)) === facilityOf(tenant))
        .sort((a, b) => `${a.ReceivedAt}#${a.Uuid}`.localeCompare(`${b.ReceivedAt}#${b.Uuid}`))
        .map((i) => structuredClone(i));
    },
    async page(tenant, state, offset, limit) {
      const all = (await material.list(tenant)).filter((i) => state === undefined || i.State === state).reverse();
      return { total: all.length, items: all.slice(offset, offset + limit) };
    },
    async receive(item, write: ReceiptWrite) {
      const tenant = tenantOf(item);
      const parts = [itemPart(item), bookPart(tenant, write.book)];
      if (write.licence) {
        const booked = write.licence;
        parts.push({
          check() {
            if (licences.get(idOf(tenant, booked.Uuid))?.Version !== booked.Version) throw failed();
          },
          write() {
            const licence = licences.get(idOf(tenant, booked.Uuid))!;
            licence.Bookings += 1;
            licence.LastBookedAt = item.CreatedAt;
          },
        });
      }
      if (write.certificate) {
        const { previous, next } = write.certificate;
        parts.push({
          check() {
            if (documents.get(idOf(tenant, previous.Uuid))?.Version !== previous.Version) throw failed();
          },
          write() {
            documents.set(idOf(tenant, next.Uuid), structuredClone(next));
          },
        });
      }
      transact(parts);
      remember(item.Client, write.actor);
    },
    async move(previous, next, book, actor) {
      transact([itemPart(next, previous), bookPart(tenantOf(next), book)]);
      remember(next.Client, actor);
    },
    bookHead: async (tenant) => heads.get(facilityOf(tenant)) ?? null,
    licences: async (tenant) => structuredClone(await licenceStore.list(tenant)),
    async document(tenant, uuid) {
      const document = documents.get(idOf(tenant, uuid));
      return document && structuredClone(document);
    },
    async names(client, ids) {
      return new Map(
        ids.flatMap((id) => {
          const name = people.get(`${client}#${id}`);
          return name === undefined ? [] : [[id, name] as const];
        }),
      );
    },
  };

  const licenceStore: LicenceStore = {
    async get(tenant, uuid) {
      const licence = licences.get(idOf(tenant, uuid));
      return licence && structuredClone(licence);
    },
    async list(tenant) {
      return [...licences.values()]
        .filter((l) => facilityOf(tenantOf(l)) === facilityOf(tenant))
        .map((l) => structuredClone(l));
    },
    async create(licence, actor) {
      if (licences.has(idOf(tenantOf(licence), licence.Uuid))) throw failed();
      licences.set(idOf(tenantOf(licence), licence.Uuid), {
        ...structuredClone(licence),
        Bookings: 0,
        LastBookedAt: null,
      });
      remember(licence.Client, actor);
    },
    async update(previous: Licence, next: Licence, unbooked: boolean, actor: Actor) {
      const stored = licences.get(idOf(tenantOf(previous), previous.Uuid));
      if (!stored || stored.Version !== previous.Version) throw failed();
      if (unbooked && stored.Bookings > 0) throw failed();
      licences.set(idOf(tenantOf(next), next.Uuid), {
        ...structuredClone(next),
        Bookings: stored.Bookings,
        LastBookedAt: stored.LastBookedAt,
      });
      remember(next.Client, actor);
    },
    documentExists: async (tenant, uuid) => documents.has(idOf(tenant, uuid)),
  };

  /** The book's lines as the reports, the verification and a past moment's stock read them. */
  const book = {
    /** Lines booked in [from, until), by key. */
    between: async (tenant: Tenant, from: string, until: string) =>
      structuredClone(
        linesOf(tenant)
          .filter((l) => l.BookedAt >= from && l.BookedAt < until)
          .sort((a, b) => keyOf(a).localeCompare(keyOf(b))),
      ),
    list: async (tenant: Tenant, year: number) =>
      structuredClone(
        linesOf(tenant)
          .filter((l) => l.BookedAt.startsWith(`${String(year).padStart(4, '0')}-`))
          .sort((a, b) => keyOf(a).localeCompare(keyOf(b))),
      ),
    /** The facility's last line booked before `year`. */
    before: async (tenant: Tenant, year: number) =>
      linesOf(tenant)
        .filter((l) => l.BookedAt < `${String(year).padStart(4, '0')}-`)
        .at(-1)?.LineSha256 ?? null,
    all: async (tenant: Tenant) =>
      structuredClone([...linesOf(tenant)].sort((a, b) => keyOf(a).localeCompare(keyOf(b)))),
  };

  /**
   * What a container's write books beside it, for the containers of `tenant` (the container store's transaction:
   * called after the container's own conditions, before it writes; a failed condition here fails it whole).
   */
  const bookSinkFor = (tenant: Tenant): MemoryBookSink => ({
    apply(extras: BookExtras | undefined) {
      if (!extras) return;
      transact([
        ...extras.items.map(({ previous, next }) => itemPart(next, previous)),
        ...(extras.book ? [bookPart(tenant, extras.book)] : []),
      ]);
    },
    line(write: BookWrite | undefined) {
      if (write) transact([bookPart(tenant, write)]);
    },
  });

  return {
    material,
    licences: licenceStore,
    book,
    bookSinkFor,
    /** A document of the facility's archive, as its create would record it. */
    addDocument(document: DocumentRecord) {
      documents.set(idOf(tenantOf(document), document.Uuid), structuredClone(document));
    },
    documentOf: (tenant: Tenant, uuid: string) => documents.get(idOf(tenant, uuid)),
    /** A facility's lines in the order they were booked. */
    linesOf: (tenant: Tenant) => structuredClone(linesOf(tenant)),
    /** What the table holds of a licence beside it: its bookings. */
    bookingsOf: (tenant: Tenant, uuid: string) => {
      const licence = licences.get(idOf(tenant, uuid));
      return licence && { Bookings: licence.Bookings, LastBookedAt: licence.LastBookedAt };
    },
    /** A booking checked against the licence's version `version` at `at` (a receipt's bookLicenceItem). */
    bookOnLicence(tenant: Tenant, licence: Pick<Licence, 'Uuid' | 'Version'>, at: string) {
      const stored = licences.get(idOf(tenant, licence.Uuid));
      if (!stored || stored.Version !== licence.Version) throw failed();
      stored.Bookings += 1;
      stored.LastBookedAt = at;
    },
  };
}
export type MemoryMaterial = ReturnType<typeof memoryMaterial>;

/**
 * The book's services over one memory book, as the functions wire them, for one facility's containers: the material
 * service (the containers holding material, the lines of a past moment), the container service drawing from the book,
 * the licences, the reports; the lines' locked copies in a memory records bucket. The clock starts at
 * 2026-11-20 12:00:00 UTC.
 */
export function materialSetup(tenant: Tenant = { client: 'c1', facility: 'f1' }) {
  let now = new Date('2026-11-20T12:00:00Z');
  const clock = () => now;
  const book = memoryMaterial();
  const records = memoryFileStorage(clock);
  const archive = bookArchive(records, 'COMPLIANCE');
  const containerStore = memoryContainerStore(book.bookSinkFor(tenant));
  const port: BookPort = { material: book.material, archive };
  const material = materialService(book.material, holdingReader(containerStore), book.book, archive, clock);
  return {
    tenant,
    book,
    records,
    archive,
    containerStore,
    material,
    containers: containerService(containerStore, { clock, book: port }),
    licences: licenceService(book.licences, clock),
    reports: materialReports(book.book, book.material, material, clock),
    verification: bookVerification(book.book, records),
    /** Sets the services' clock to a UTC timestamp. */
    setNow(timestamp: string) {
      now = new Date(`${timestamp.replace(' ', 'T')}Z`);
    },
  };
}

// What the book's tests book: a licence, a generator's receipt, an elution, an item as stored. ---------------------

/** Who books in the services' tests: Ada, and Rosa, the facility's radiation protection officer. */
export const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
export const rosa: Writer = { sub: 'rosa', name: 'Rosa Officer', roles: ['rpo'] };
/** The half-lives of F-18 and Ge-68, in seconds. */
export const F18 = 109.77 * 60;
export const GE68 = 270.95 * 86_400;

/** A licence for Ge-68 generators, their Ga-68 eluates and F-18, from 15 January 2026 (as test/support/material.ts). */
export const LICENCE: LicenceCreate = {
  FileNumber: 'UG-17/2026',
  Authority: 'Landesamt für Umwelt',
  Holder: 'Klinikum Nord',
  IssuedAt: '2026-01-05 00:00:00',
  ValidFrom: '2026-01-15 00:00:00',
  Limits: [
    { Nuclide: 'Ge-68', MaxActivityBq: 4e9 },
    { Nuclide: 'Ga-68', MaxActivityBq: 5e9 },
    { Nuclide: 'F-18', MaxActivityBq: 1e11 },
  ],
};

/** The receipt of a Ge-68 generator of 1.85 GBq certified 2 November 2026 12:00 UTC, received 3 November 08:30. */
export const generatorReceipt = (change: Partial<ReceiptInput> = {}): ReceiptInput => ({
  Kind: 'GENERATOR',
  Nuclide: 'Ge-68',
  ActivityBq: 1.85e9,
  ActivityDateTime: '2026-11-02 12:00:00',
  ReceivedAt: '2026-11-03 08:30:00',
  Supplier: 'Eckert & Ziegler',
  Batch: 'GG-2611-07',
  ChemicalForm: null,
  Impurities: [],
  CertificateDocumentUuid: null,
  LicenceExceeded: null,
  ...change,
});

/** An elution of 1 GBq of Ga-68 at `at` with the pharmacopoeia's Ge-68 breakthrough (0.001 %). */
export const elution = (at = '2026-11-20 09:00:00', change: Partial<ElutionInput> = {}): ElutionInput => ({
  ActivityBq: 1e9,
  ElutedAt: at,
  Breakthrough: [{ Nuclide: 'Ge-68', Fraction: 1e-5 }],
  Batch: null,
  ChemicalForm: null,
  ...change,
});

/** An item as stored: 10 GBq of FDG certified and received at `receivedAt`, in stock, no movements. */
export const storedItem = (
  tenant: Tenant,
  receivedAt = '2026-11-20 10:00:00',
  over: Partial<MaterialItem> = {},
): MaterialItem => ({
  Client: tenant.client,
  Facility: tenant.facility,
  Uuid: randomUUID(),
  Version: 1,
  CreatedAt: '2026-11-20 12:00:00',
  UpdatedAt: '2026-11-20 12:00:00',
  Kind: 'RADIOPHARMACEUTICAL',
  Nuclide: 'F-18',
  ActivityBq: 1e10,
  ActivityDateTime: receivedAt,
  ReceivedAt: receivedAt,
  ReceivedBy: 'ada',
  Supplier: 'Cyclotron GmbH',
  Batch: null,
  ChemicalForm: null,
  Impurities: null,
  CertificateDocumentUuid: null,
  ParentUuid: null,
  LicenceUuid: null,
  LicenceExceeded: null,
  LineUuid: randomUUID(),
  Movements: [],
  State: 'IN_STOCK',
  ...over,
});

/** 10 GBq of FDG certified and received at 10:00 UTC. */
export const fdg = (change: Partial<ReceiptInput> = {}): ReceiptInput =>
  generatorReceipt({
    Kind: 'RADIOPHARMACEUTICAL',
    Nuclide: 'F-18',
    ActivityBq: 1e10,
    ActivityDateTime: '2026-11-20 10:00:00',
    ReceivedAt: '2026-11-20 10:00:00',
    Supplier: 'Cyclotron GmbH',
    Impurities: null,
    ...change,
  });
/** 4 GBq of the FDG (fdg) administered at 11:00 UTC in two applications. */
export const administration = (): Extract<MovementInput, { Kind: 'ADMINISTERED' }> => ({
  Kind: 'ADMINISTERED',
  ActivityBq: 4e9,
  MovedAt: '2026-11-20 11:00:00',
  Applications: 2,
});

/** The generator's Ge-68 at `at` (no elution takes any of it). */
export const generatorAt = (seconds: number) => 1.85e9 * 0.5 ** (seconds / GE68);

/** The book's services (materialSetup) with `licence` recorded by Rosa; `licence` its id. */
export async function withLicence(licence: LicenceCreate = LICENCE) {
  const setup = materialSetup();
  const { model } = await setup.licences.create(setup.tenant, rosa, licence);
  return { ...setup, licence: model.Uuid as string };
}
