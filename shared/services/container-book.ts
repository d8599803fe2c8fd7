/**
 * Where a container meets the book of radioactive material: a content whose ContentId names an item of the book is a
 * movement of it into the container (nuclide, kind and impurities from the item, the activity checked against what is
 * left), a removed one is corrected, and when the container's material leaves the facility (its release, its dispatch)
 * the book says where it went. Each is one line booked in the container's own transaction.
 */
import { randomUUID } from 'node:crypto';
import type { BookExtras, ContainerStore } from '../data/container-store';
import type { HeldAmount, HoldingReader } from './material-stock';
import type { MaterialStore } from '../data/material';
import type { Tenant } from '../data/table';
import type { ContentInput, ContentLink } from '../domain/container-contents';
import {
  activityAt,
  checkDrawable,
  checkMovable,
  contentKindOf,
  shareOfItem,
  type MaterialItem,
  type Movement,
  withMovement,
} from '../domain/material';
import {
  bookingOf,
  chainBookLine,
  correctionLine,
  type LeavingContent,
  leavingLine,
  movementLine,
} from '../domain/material-book';
import { badRequest, conflictOver } from '../errors';
import type { Detail } from '../i18n/translate';
import { canonicalJson } from '../domain/values';
import type { BookArchive } from './book-archive';
import type { Writer } from './writes';

/** The book as a container's writes reach it. */
export interface BookPort {
  material: Pick<MaterialStore, 'get' | 'bookHead'>;
  archive: BookArchive;
}

/** A booking by `caller` at `at` under a new line id. */
const booking = (caller: Writer, at: string) => bookingOf(caller, at, randomUUID());

/** 409 `material.member_differs` naming each member a content sends that is not the item's. */
function checkMembers(item: MaterialItem, input: ContentInput): void {
  const details: Detail[] = [];
  const differs = (field: string, given: unknown, expected: unknown) => {
    if (given !== undefined && canonicalJson(given, true) !== canonicalJson(expected, true))
      details.push({
        key: 'detail.member_differs',
        params: { field, given: JSON.stringify(given), expected: JSON.stringify(expected) },
      });
  };
  differs('Kind', input.Kind, contentKindOf(item.Kind));
  differs('Nuclide', input.Nuclide, item.Nuclide);
  if (input.Impurities !== undefined) differs('Impurities', input.Impurities, item.Impurities);
  if (details.length) throw conflictOver('material.member_differs', details);
}

/** The contents of a container drawn from the book. */
const bookLinks = (links: readonly ContentLink[]) => links.filter((l) => Boolean(l.bookLine));

/**
 * A content drawn from `item` into `container` (its uuid and the links it has): the link, the item's next version,
 * its line, and what the container then holds of the book.
 */
export async function drawFromBook(
  book: BookPort,
  tenant: Tenant,
  caller: Writer,
  item: MaterialItem,
  container: { uuid: string; links: readonly ContentLink[] },
  input: ContentInput,
  now: { at: string; moment: string },
): Promise<{ link: ContentLink; extras: BookExtras; movement: Movement; next: MaterialItem }> {
  const containerUuid = container.uuid;
  checkMembers(item, input);
  checkMovable(item);
  const at = input.ActivityDateTime ?? now.moment;
  if (at < item.ReceivedAt)
    throw badRequest([{ key: 'detail.not_before', params: { field: 'ActivityDateTime', other: 'ReceivedAt' } }]);
  const { usesUp, portion, activity } = checkDrawable(item, input.Activity ?? null, at);
  const line = booking(caller, now.at);
  const movement: Movement = {
    Uuid: randomUUID(),
    Kind: 'TO_CONTAINER',
    ActivityBq: activity,
    MovedAt: at,
    Portion: portion,
    Applications: null,
    ContainerUuid: containerUuid,
    Recipient: null,
    Justification: null,
    MovedBy: caller.sub,
    LineUuid: line.lineUuid,
    CorrectedBy: null,
  };
  const next = withMovement(item, movement, usesUp, now.at);
  const previous = await book.material.bookHead(tenant);
  const chained = chainBookLine(movementLine(line, next, movement), previous);
  // Stated as the share of the item at its reference time, with its impurities as the certificate (or the elution)
  // gave them: the gate decays each from there with its own half-life.
  const share = shareOfItem(item, portion);
  const link: ContentLink = {
    kind: contentKindOf(item.Kind),
    id: item.Uuid,
    nuclide: item.Nuclide,
    uuid: randomUUID(),
    activity: share.activityBq,
    activityDateTime: share.at,
    createdAt: now.at,
    createdBy: caller.sub,
    impurities: share.impurities?.map((i) => ({ nuclide: i.Nuclide, fraction: i.Fraction })) ?? null,
    bookLine: line.lineUuid,
  };
  return {
    link,
    extras: {
      items: [{ previous: item, next }],
      book: { line: chained, previous },
      held: [...bookLinks(container.links), link],
    },
    movement,
    next,
  };
}

/**
 * A content drawn from the book taken out of its OPEN container (its name and links): the line that corrects its
 * movement, and what the container then holds of the book.
 */
export async function correctDraw(
  book: BookPort,
  tenant: Tenant,
  caller: Writer,
  item: MaterialItem,
  link: ContentLink,
  container: { name: string; links: readonly ContentLink[] },
  at: string,
): Promise<BookExtras> {
  const held = bookLinks(container.links).filter((l) => l !== link && l.uuid !== link.uuid);
  const movement = item.Movements.find((m) => m.LineUuid === link.bookLine && m.CorrectedBy === null);
  if (!movement) return { items: [], book: null, held };
  const line = booking(caller, at);
  const next: MaterialItem = {
    ...item,
    Movements: item.Movements.map((m) => (m === movement ? { ...m, CorrectedBy: line.lineUuid } : m)),
    // The material is back in store.
    State: 'IN_STOCK',
    Version: item.Version + 1,
    UpdatedAt: at,
  };
  const previous = await book.material.bookHead(tenant);
  const reason = `taken out of the container ${container.name} (${link.uuid ?? link.id})`;
  return {
    items: [{ previous: item, next }],
    book: { line: chainBookLine(correctionLine(line, next, movement, reason), previous), previous },
    held,
  };
}

/** The book contents of a container as they leave the facility at `at`: each nuclide and impurity, decayed to then. */
export const leavingContents = (links: readonly ContentLink[], at: string): LeavingContent[] =>
  links
    .filter((l) => l.bookLine && l.activity != null && l.activityDateTime)
    .flatMap((l) => [
      { ItemUuid: l.id, Nuclide: l.nuclide, ActivityBq: activityAt(l.nuclide, l.activity!, l.activityDateTime!, at) },
      ...(l.impurities ?? []).map((i) => ({
        ItemUuid: l.id,
        Nuclide: i.nuclide,
        ActivityBq: activityAt(i.nuclide, l.activity! * i.fraction, l.activityDateTime!, at),
      })),
    ]);

/**
 * The line that books where a container's material went when it leaves the facility (released, with its register
 * line; dispatched to a licensed disposer): undefined when it holds nothing of the book.
 */
export async function leavingWrite(
  book: BookPort | undefined,
  tenant: Tenant,
  caller: Writer,
  container: { uuid: string; links: readonly ContentLink[] },
  entry: 'RELEASED' | 'DISPATCHED',
  at: string,
  release: { type: string; registerLineSha256: string } | null,
): Promise<BookExtras['book'] | undefined> {
  const contents = leavingContents(container.links, at);
  if (!book || contents.length === 0) return undefined;
  const previous = await book.material.bookHead(tenant);
  const members = leavingLine(booking(caller, at), entry, { uuid: container.uuid, at }, contents, release);
  return { line: chainBookLine(members, previous), previous };
}

/** Whether a container holds material of the book (then it is not deleted: the book has its movements). */
export const holdsBookMaterial = (links: readonly ContentLink[]): boolean => links.some((l) => Boolean(l.bookLine));

/** The book contents of the facility's containers whose material has not left it, as the stock counts them. */
export const holdingReader = (containers: Pick<ContainerStore, 'holding'>): HoldingReader => ({
  async holding(tenant) {
    const held = await containers.holding(tenant);
    const amounts = held.flatMap((view) =>
      view.links
        .filter((l) => l.bookLine && l.activity != null && l.activityDateTime)
        .map(
          (l): HeldAmount => ({
            nuclide: l.nuclide,
            activityBq: l.activity!,
            at: l.activityDateTime!,
            impurities: l.impurities?.map((i) => ({ Nuclide: i.nuclide, Fraction: i.fraction })) ?? null,
            container: view.container,
            item: l.id,
          }),
        ),
    );
    return { containers: held.length, amounts };
  },
});
