/**
 * The book of radioactive material (StrlSchV § 85 Abs. 1 Nr. 1): one append-only line per acquisition (a receipt),
 * production (an elution), movement (administered, into a waste container, returned, lost) and whereabouts of a
 * container's material when it leaves the facility (released, dispatched), each with its kind and activity. A line
 * never changes: a correction is a new line naming the line it corrects. The lines form a chain per facility
 * (shared/domain/chain.ts), kept 30 years (§ 85 Abs. 3) as locked objects. Pure: no AWS, no HTTP.
 */
import { type Book, chained } from './chain';
import { DOCUMENT_FILES_PREFIX } from './document';
import type { MaterialItem, MaterialKind, Movement, MovementKind } from './material';
import { parseTimestamp } from './time';

/** What a line books. */
export const BOOK_ENTRIES = [
  'RECEIPT',
  'ELUTION',
  'ADMINISTERED',
  'TO_CONTAINER',
  'RETURNED',
  'LOST',
  'RELEASED',
  'DISPATCHED',
  'CORRECTION',
] as const;
export type BookEntry = (typeof BOOK_ENTRIES)[number];

/**
 * What an entry is in the words of § 85 Abs. 1 Nr. 1 (the month's report lists these): acquisition (Erwerb),
 * production (Gewinnung, Erzeugung), transfer (Abgabe) and other whereabouts (sonstiger Verbleib). A move into a
 * waste container stays within the facility: the book has it, the report does not.
 */
export const REPORTED_AS: Readonly<
  Record<BookEntry, 'ACQUISITION' | 'PRODUCTION' | 'TRANSFER' | 'WHEREABOUTS' | null>
> = {
  RECEIPT: 'ACQUISITION',
  ELUTION: 'PRODUCTION',
  ADMINISTERED: 'WHEREABOUTS',
  TO_CONTAINER: null,
  RETURNED: 'TRANSFER',
  LOST: 'WHEREABOUTS',
  RELEASED: 'WHEREABOUTS',
  DISPATCHED: 'TRANSFER',
  CORRECTION: null,
};

/**
 * Material of a container leaving the facility: per content drawn from the book, its nuclide and each impurity, with
 * its activity at the time it leaves (an eluate's Ge-68 long after its Ga-68).
 */
export interface LeavingContent {
  ItemUuid: string;
  Nuclide: string;
  ActivityBq: number;
}

/** A line of the book. Every member is present in every line (null where an entry has none). */
export interface BookLine {
  LineUuid: string;
  /** When it was booked (UTC): the chain's order and the month it is reported in. */
  BookedAt: string;
  BookedBy: string;
  BookedByName: string | null;
  Entry: BookEntry;
  /** When it happened: received, eluted, moved, released. */
  OccurredAt: string;
  ItemUuid: string | null;
  ItemKind: MaterialKind | null;
  Nuclide: string | null;
  /** Bq at ActivityDateTime. */
  ActivityBq: number | null;
  ActivityDateTime: string | null;
  /** A movement: the share of the item it took. */
  Portion: number | null;
  Impurities: { Nuclide: string; Fraction: number }[] | null;
  /** An eluate's generator. */
  ParentUuid: string | null;
  Supplier: string | null;
  Batch: string | null;
  ChemicalForm: string | null;
  Applications: number | null;
  ContainerUuid: string | null;
  Recipient: string | null;
  Justification: string | null;
  /** The licence a receipt or elution was checked against, and whether it was booked above it. */
  LicenceUuid: string | null;
  LicenceExceeded: boolean | null;
  /** RELEASED: the release type and the register line's hash; DISPATCHED: null. */
  ReleaseType: string | null;
  RegisterLineSha256: string | null;
  /** RELEASED and DISPATCHED: the container's material from the book, at OccurredAt. */
  Contents: LeavingContent[] | null;
  /** CORRECTION: the line it corrects. */
  Corrects: string | null;
  PreviousSha256: string | null;
  LineSha256: string;
}

export const BOOK_FIELDS = [
  'LineUuid',
  'BookedAt',
  'BookedBy',
  'BookedByName',
  'Entry',
  'OccurredAt',
  'ItemUuid',
  'ItemKind',
  'Nuclide',
  'ActivityBq',
  'ActivityDateTime',
  'Portion',
  'Impurities',
  'ParentUuid',
  'Supplier',
  'Batch',
  'ChemicalForm',
  'Applications',
  'ContainerUuid',
  'Recipient',
  'Justification',
  'LicenceUuid',
  'LicenceExceeded',
  'ReleaseType',
  'RegisterLineSha256',
  'Contents',
  'Corrects',
  'PreviousSha256',
  'LineSha256',
] as const satisfies readonly (keyof BookLine)[];

/** The book's retention (§ 85 Abs. 3: 30 years). */
export const BOOK_RETENTION_YEARS = 30;

const MEMBERS = [...BOOK_FIELDS].sort().join();

/** Where a facility's locked book lines lie: beside its register. */
export const materialBookPrefix = (tenant: { client: string; facility: string }) =>
  `${DOCUMENT_FILES_PREFIX}${tenant.client}/${tenant.facility}/material-book/`;

export const MATERIAL_BOOK: Book<BookLine> = {
  lineNoun: 'material book line',
  timeMember: 'BookedAt',
  idMember: 'LineUuid',
  folder: materialBookPrefix,
  keptUntil: (line) => {
    const until = parseTimestamp(line.BookedAt)!;
    until.setUTCFullYear(until.getUTCFullYear() + BOOK_RETENTION_YEARS);
    return until;
  },
  isLine: (value) => Object.keys(value).sort().join() === MEMBERS,
};

/** Who booked, when, under which line id. */
export interface Booking {
  lineUuid: string;
  at: string;
  by: string;
  byName: string | null;
}

/** A booking by `caller` (its id and name) at `at` under the line id `lineUuid`. */
export const bookingOf = (caller: { sub: string; name?: string }, at: string, lineUuid: string): Booking => ({
  lineUuid,
  at,
  by: caller.sub,
  byName: caller.name ?? null,
});

type Members = Omit<BookLine, 'PreviousSha256' | 'LineSha256'>;

const EMPTY: Omit<Members, 'LineUuid' | 'BookedAt' | 'BookedBy' | 'BookedByName' | 'Entry' | 'OccurredAt'> = {
  ItemUuid: null,
  ItemKind: null,
  Nuclide: null,
  ActivityBq: null,
  ActivityDateTime: null,
  Portion: null,
  Impurities: null,
  ParentUuid: null,
  Supplier: null,
  Batch: null,
  ChemicalForm: null,
  Applications: null,
  ContainerUuid: null,
  Recipient: null,
  Justification: null,
  LicenceUuid: null,
  LicenceExceeded: null,
  ReleaseType: null,
  RegisterLineSha256: null,
  Contents: null,
  Corrects: null,
};

const head = (booking: Booking, entry: BookEntry, occurredAt: string) => ({
  LineUuid: booking.lineUuid,
  BookedAt: booking.at,
  BookedBy: booking.by,
  BookedByName: booking.byName,
  Entry: entry,
  OccurredAt: occurredAt,
});

/** A line's members chained after `previous`. */
export const chainBookLine = (members: Members, previous: string | null): BookLine =>
  chained<BookLine>(members, previous);

/** The line of a receipt or an elution: the item as it came, with the licence it was checked against. */
export const receiptLine = (booking: Booking, item: MaterialItem, justification: string | null): Members => ({
  ...EMPTY,
  ...head(booking, item.ParentUuid === null ? 'RECEIPT' : 'ELUTION', item.ReceivedAt),
  ItemUuid: item.Uuid,
  ItemKind: item.Kind,
  Nuclide: item.Nuclide,
  ActivityBq: item.ActivityBq,
  ActivityDateTime: item.ActivityDateTime,
  Impurities: item.Impurities,
  ParentUuid: item.ParentUuid,
  Supplier: item.Supplier,
  Batch: item.Batch,
  ChemicalForm: item.ChemicalForm,
  Justification: justification,
  LicenceUuid: item.LicenceUuid,
  LicenceExceeded: item.LicenceExceeded !== null,
});

/** The line of a movement of an item. */
export const movementLine = (booking: Booking, item: MaterialItem, movement: Movement): Members => ({
  ...EMPTY,
  ...head(booking, movement.Kind satisfies MovementKind, movement.MovedAt),
  ItemUuid: item.Uuid,
  ItemKind: item.Kind,
  Nuclide: item.Nuclide,
  ActivityBq: movement.ActivityBq,
  ActivityDateTime: movement.MovedAt,
  Portion: movement.Portion,
  Applications: movement.Applications,
  ContainerUuid: movement.ContainerUuid,
  Recipient: movement.Recipient,
  Justification: movement.Justification,
});

/** A correction: the line it corrects no longer counts, for the reason given. */
export const correctionLine = (booking: Booking, item: MaterialItem, corrected: Movement, reason: string): Members => ({
  ...EMPTY,
  ...head(booking, 'CORRECTION', booking.at),
  ItemUuid: item.Uuid,
  ItemKind: item.Kind,
  Nuclide: item.Nuclide,
  ActivityBq: corrected.ActivityBq,
  ActivityDateTime: corrected.MovedAt,
  Portion: corrected.Portion,
  ContainerUuid: corrected.ContainerUuid,
  Justification: reason,
  Corrects: corrected.LineUuid,
});

/** The material of a container leaving the facility: released (with its register line) or dispatched. */
export const leavingLine = (
  booking: Booking,
  entry: 'RELEASED' | 'DISPATCHED',
  container: { uuid: string; at: string },
  contents: LeavingContent[],
  release: { type: string; registerLineSha256: string } | null,
): Members => ({
  ...EMPTY,
  ...head(booking, entry, container.at),
  ContainerUuid: container.uuid,
  Contents: contents,
  ReleaseType: release?.type ?? null,
  RegisterLineSha256: release?.registerLineSha256 ?? null,
});
