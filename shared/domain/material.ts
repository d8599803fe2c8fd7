/**
 * The facility's radioactive material, item by item (StrlSchV § 85 Abs. 1): what arrived with its delivery
 * certificate (a cyclotron product, a radiopharmaceutical, a generator, a calibration source), what an elution made
 * (a generator's eluate), and where each went: administered, into a waste container, returned to a supplier or
 * another licensee, lost. An item's remaining activity is derived, never stored: its certificate's activity decayed
 * to the moment, less every movement decayed alike. As the API shows them: ./material-model.ts. Pure: no AWS, no HTTP.
 */
import { conflict } from '../errors';
import { HALF_LIVES } from './decay';
import { EXPECTED_IMPURITIES } from './nuclides';
import type { StoredRecord } from './record';
import { parseTimestamp } from './time';

export const MATERIAL_KINDS = [
  'CYCLOTRON_PRODUCT',
  'RADIOPHARMACEUTICAL',
  'GENERATOR',
  'ELUATE',
  'CALIBRATION_SOURCE',
] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/** The nuclide a generator of a parent nuclide gives (Ge-68/Ga-68, Mo-99/Tc-99m, Sr-82/Rb-82). */
export const GENERATOR_DAUGHTERS: Readonly<Record<string, string>> = {
  'Ge-68': 'Ga-68',
  'Mo-99': 'Tc-99m',
  'Sr-82': 'Rb-82',
};

export const MOVEMENT_KINDS = ['ADMINISTERED', 'TO_CONTAINER', 'RETURNED', 'LOST'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** An item is IN_STOCK while any of it is in store, USED_UP once nothing is left. */
export const MATERIAL_STATES = ['IN_STOCK', 'USED_UP'] as const;
export type MaterialState = (typeof MATERIAL_STATES)[number];

/**
 * How far a movement may exceed the remainder the book computes: the activity meter's uncertainty (1 %). A movement
 * that leaves no more than this share of what was there takes the rest: the item is used up.
 */
export const METER_TOLERANCE = 0.01;

/** At most this many movements an item (a multi-dose vial serves a day's patients). */
export const MAX_MOVEMENTS = 200;

/** A movement as the item keeps it. */
export interface Movement {
  Uuid: string;
  Kind: MovementKind;
  /** Bq at MovedAt. */
  ActivityBq: number;
  MovedAt: string;
  /**
   * The share of the item it took (ActivityBq over the item's activity at MovedAt): what the remainder and the
   * impurities follow, free of the decay (an eluate's Ga-68 is gone in days, its Ge-68 stays for years).
   */
  Portion: number;
  /** ADMINISTERED: how many applications. */
  Applications: number | null;
  /** TO_CONTAINER: the waste container. */
  ContainerUuid: string | null;
  /** RETURNED: the supplier or other licensee it went to. */
  Recipient: string | null;
  /** LOST: why; a correction: what it corrects. */
  Justification: string | null;
  MovedBy: string;
  /** The book line that booked it. */
  LineUuid: string;
  /** The book line that corrected it (it no longer counts), or null. */
  CorrectedBy: string | null;
}

/** A licence exceeded knowingly: the officer's reason, booked with the receipt. */
export interface LicenceExceeded {
  Justification: string;
}

/** What a receipt (or an elution) states of an item. */
export interface MaterialData {
  Kind: MaterialKind;
  Nuclide: string;
  /** Bq at ActivityDateTime (the certificate's reference time). */
  ActivityBq: number;
  ActivityDateTime: string;
  ReceivedAt: string;
  Supplier: string | null;
  Batch: string | null;
  ChemicalForm: string | null;
  /** Each impurity's activity over ActivityBq at ActivityDateTime; [] none stated; null not stated. */
  Impurities: { Nuclide: string; Fraction: number }[] | null;
  CertificateDocumentUuid: string | null;
}

/** An item as stored. */
export interface MaterialItem extends MaterialData, StoredRecord {
  ReceivedBy: string;
  /** An eluate's generator. */
  ParentUuid: string | null;
  /** The licence the receipt was checked against (null: booked with LicenceExceeded while none was in force). */
  LicenceUuid: string | null;
  LicenceExceeded: LicenceExceeded | null;
  /** The book line of its receipt or elution. */
  LineUuid: string;
  Movements: Movement[];
  /** Derived from the movements when written: IN_STOCK until nothing is left in store. */
  State: MaterialState;
}

const secondsBetween = (from: string, to: string) =>
  (parseTimestamp(to)!.getTime() - parseTimestamp(from)!.getTime()) / 1000;

/** `activity` of `nuclide` at `from`, decayed (or grown back, for `to` before `from`) to `to`. */
export function activityAt(nuclide: string, activity: number, from: string, to: string): number {
  const halfLife = HALF_LIVES[nuclide];
  if (halfLife === undefined) return activity;
  return activity * 2 ** (-secondsBetween(from, to) / halfLife);
}

/** The movements that count: not corrected. */
export const countedMovements = (item: Pick<MaterialItem, 'Movements'>): Movement[] =>
  item.Movements.filter((m) => m.CorrectedBy === null);

/** The share of the item still in store at `at`: 1 less the portions of the movements made up to `at`. */
export const shareLeftAt = (item: Pick<MaterialItem, 'Movements'>, at: string): number =>
  Math.max(0, 1 - countedMovements(item).reduce((sum, m) => sum + (m.MovedAt <= at ? m.Portion : 0), 0));

/**
 * What is left in store of an item's nuclide at `at`: its activity decayed to `at`, times the share no movement made
 * up to `at` took (a movement after `at` has not happened yet).
 */
export const remainingAt = (
  item: Pick<MaterialItem, 'Nuclide' | 'ActivityBq' | 'ActivityDateTime' | 'Movements'>,
  at: string,
): number => activityAt(item.Nuclide, item.ActivityBq, item.ActivityDateTime, at) * shareLeftAt(item, at);

/** The remainder as shown: never below 0. */
export const shownRemainder = (left: number): number => Math.max(0, left);

/** Whether an item of this nuclide comes with impurities its certificate is to name. */
export const expectsImpurities = (nuclide: string): readonly string[] | undefined => EXPECTED_IMPURITIES[nuclide];

/**
 * The share of the item a movement of `activity` at `at` takes: 409 `material.overdrawn` when it is more than is left
 * (beyond the meter's uncertainty); whether it takes the rest (what it leaves is within the uncertainty). Without an
 * activity it takes the rest, whatever has decayed of it.
 */
export function checkDrawable(
  item: Pick<MaterialItem, 'Nuclide' | 'ActivityBq' | 'ActivityDateTime' | 'Movements'>,
  activity: number | null,
  at: string,
): { portion: number; activity: number; usesUp: boolean } {
  const left = shareLeftAt(item, at);
  const whole = activityAt(item.Nuclide, item.ActivityBq, item.ActivityDateTime, at);
  if (activity === null) return { portion: left, activity: whole * left, usesUp: true };
  const portion = whole > 0 ? activity / whole : Number.POSITIVE_INFINITY;
  if (!(portion <= left * (1 + METER_TOLERANCE)))
    throw conflict('material.overdrawn', {
      activity: activity.toPrecision(4),
      remainder: (whole * left).toPrecision(4),
      at,
    });
  return { portion: Math.min(portion, left), activity, usesUp: left - portion <= left * METER_TOLERANCE };
}

/** 409 `material.movements_full` once an item holds MAX_MOVEMENTS; 409 `material.used_up` once nothing is left. */
export function checkMovable(item: Pick<MaterialItem, 'Movements' | 'State'>): void {
  if (item.State === 'USED_UP') throw conflict('material.used_up');
  if (item.Movements.length >= MAX_MOVEMENTS) throw conflict('material.movements_full', { max: MAX_MOVEMENTS });
}

/**
 * A share of the item as an amount: its activity at the item's reference time and the certificate's (or the
 * breakthrough's) impurities as they were then. Decayed from there, the nuclide and each impurity with its own
 * half-life, it stays finite whenever it is read: a content drawn from the book, what is in store.
 */
export const shareOfItem = (
  item: Pick<MaterialItem, 'Nuclide' | 'ActivityBq' | 'ActivityDateTime' | 'Impurities'>,
  share: number,
) => ({
  nuclide: item.Nuclide,
  activityBq: item.ActivityBq * share,
  at: item.ActivityDateTime,
  impurities: item.Impurities,
});

/** The kind of container content an item becomes (the container's id lists: cyclotron products and eluates). */
export const contentKindOf = (kind: MaterialKind): 'CYCLOTRON_PRODUCT' | 'GENERATOR_ELUAT' =>
  kind === 'ELUATE' || kind === 'GENERATOR' ? 'GENERATOR_ELUAT' : 'CYCLOTRON_PRODUCT';

/** The item's state after its movements: used up when the last one took the rest. */
export const stateAfter = (usesUp: boolean): MaterialState => (usesUp ? 'USED_UP' : 'IN_STOCK');

/** The item's next version with `movement` added at `at`: used up when it took the rest. */
export const withMovement = (item: MaterialItem, movement: Movement, usesUp: boolean, at: string): MaterialItem => ({
  ...item,
  Movements: [...item.Movements, movement],
  State: stateAfter(usesUp),
  Version: item.Version + 1,
  UpdatedAt: at,
});

/** What an item keeps in the table: its record, every member in order (the model adds names and the remainder). */
export const MATERIAL_ITEM_MEMBERS = [
  'Client',
  'Facility',
  'Uuid',
  'Version',
  'Kind',
  'Nuclide',
  'ActivityBq',
  'ActivityDateTime',
  'ReceivedAt',
  'ReceivedBy',
  'Supplier',
  'Batch',
  'ChemicalForm',
  'Impurities',
  'CertificateDocumentUuid',
  'ParentUuid',
  'LicenceUuid',
  'LicenceExceeded',
  'LineUuid',
  'Movements',
  'State',
  'CreatedAt',
  'UpdatedAt',
] as const satisfies readonly (keyof MaterialItem)[];
