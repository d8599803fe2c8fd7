/**
 * The facility's radioactive material, item by item (StrlSchV § 85 Abs. 1): what arrived with its delivery
 * certificate (a cyclotron product, a radiopharmaceutical, a generator, a calibration source), what an elution made
 * (a generator's eluate), and where each went: administered, into a waste container, returned to a supplier or
 * another licensee, lost. An item's remaining activity is derived, never stored: its certificate's activity decayed
 * to the moment, less every movement decayed alike. Pure: no AWS, no HTTP.
 */
import { conflict } from '../errors';
import { HALF_LIVES } from './decay';
import type { Impurity } from './nuclide-vector';
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

/**
 * What is left in store of an item's nuclide at `at`: its activity decayed to `at`, less each movement made up to
 * `at` decayed alike (a movement after `at` has not happened yet). Not clamped: a small negative is the meter's
 * uncertainty.
 */
export function remainingAt(
  item: Pick<MaterialItem, 'Nuclide' | 'ActivityBq' | 'ActivityDateTime' | 'Movements'>,
  at: string,
): number {
  let left = activityAt(item.Nuclide, item.ActivityBq, item.ActivityDateTime, at);
  for (const m of countedMovements(item))
    if (m.MovedAt <= at) left -= activityAt(item.Nuclide, m.ActivityBq, m.MovedAt, at);
  return left;
}

/** The remainder as shown: never below 0. */
export const shownRemainder = (left: number): number => Math.max(0, left);

/**
 * An impurity's fraction at `at`, from its fraction at `from`: the impurity decays with its half-life, the item's
 * nuclide with its own (a Ge-68 breakthrough of 0.001 % is 0.0063 % three hours later, as Ga-68 decays).
 */
export function fractionAt(nuclide: string, impurity: Impurity, from: string, to: string): number {
  const main = HALF_LIVES[nuclide];
  const own = HALF_LIVES[impurity.nuclide];
  if (main === undefined || own === undefined) return impurity.fraction;
  return impurity.fraction * 2 ** (secondsBetween(from, to) * (1 / main - 1 / own));
}

/** The item's impurities at `at` (as fractions of its nuclide's activity then); null when not stated. */
export function impuritiesAt(
  item: Pick<MaterialItem, 'Nuclide' | 'Impurities' | 'ActivityDateTime'>,
  at: string,
): Impurity[] | null {
  if (item.Impurities === null) return null;
  return item.Impurities.map((i) => ({
    nuclide: i.Nuclide,
    fraction: fractionAt(item.Nuclide, { nuclide: i.Nuclide, fraction: i.Fraction }, item.ActivityDateTime, at),
  }));
}

/** Whether an item of this nuclide comes with impurities its certificate is to name. */
export const expectsImpurities = (nuclide: string): readonly string[] | undefined => EXPECTED_IMPURITIES[nuclide];

/**
 * 409 `material.overdrawn` when a movement of `activity` at `at` takes more than is left (beyond the meter's
 * uncertainty); answers whether it takes the rest (what it leaves is within the uncertainty).
 */
export function checkDrawable(
  item: Pick<MaterialItem, 'Nuclide' | 'ActivityBq' | 'ActivityDateTime' | 'Movements'>,
  activity: number,
  at: string,
): { usesUp: boolean; remainder: number } {
  const remainder = remainingAt(item, at);
  if (activity > shownRemainder(remainder) * (1 + METER_TOLERANCE))
    throw conflict('material.overdrawn', {
      activity: activity.toPrecision(4),
      remainder: shownRemainder(remainder).toPrecision(4),
      at,
    });
  return { usesUp: remainder - activity <= remainder * METER_TOLERANCE, remainder };
}

/** 409 `material.movements_full` once an item holds MAX_MOVEMENTS; 409 `material.used_up` once nothing is left. */
export function checkMovable(item: Pick<MaterialItem, 'Movements' | 'State'>): void {
  if (item.State === 'USED_UP') throw conflict('material.used_up');
  if (item.Movements.length >= MAX_MOVEMENTS) throw conflict('material.movements_full', { max: MAX_MOVEMENTS });
}

/** The kind of container content an item becomes (the container's id lists: cyclotron products and eluates). */
export const contentKindOf = (kind: MaterialKind): 'CYCLOTRON_PRODUCT' | 'GENERATOR_ELUAT' =>
  kind === 'ELUATE' || kind === 'GENERATOR' ? 'GENERATOR_ELUAT' : 'CYCLOTRON_PRODUCT';

/** The item's state after its movements: used up when the last one took the rest. */
export const stateAfter = (usesUp: boolean): MaterialState => (usesUp ? 'USED_UP' : 'IN_STOCK');

/** MaterialModel: the item as received, who received it, what is left of it now. */
export interface MaterialModel {
  Uuid: string;
  Kind: MaterialKind;
  Nuclide: string;
  ActivityBq: number;
  ActivityDateTime: string;
  ReceivedAt: string;
  ReceivedBy: string;
  ReceivedByName: string | null;
  Supplier: string | null;
  Batch: string | null;
  ChemicalForm: string | null;
  Impurities: { Nuclide: string; Fraction: number }[] | null;
  CertificateDocumentUuid: string | null;
  ParentUuid: string | null;
  LicenceUuid: string | null;
  LicenceExceeded: LicenceExceeded | null;
  LineUuid: string;
  /** In store at RemainingAt, Bq (its nuclide; impurities go with it). */
  RemainingBq: number;
  RemainingAt: string;
  State: MaterialState;
  CreatedAt: string;
  UpdatedAt: string;
}

export const MATERIAL_FIELDS = [
  'Uuid',
  'Kind',
  'Nuclide',
  'ActivityBq',
  'ActivityDateTime',
  'ReceivedAt',
  'ReceivedBy',
  'ReceivedByName',
  'Supplier',
  'Batch',
  'ChemicalForm',
  'Impurities',
  'CertificateDocumentUuid',
  'ParentUuid',
  'LicenceUuid',
  'LicenceExceeded',
  'LineUuid',
  'RemainingBq',
  'RemainingAt',
  'State',
  'CreatedAt',
  'UpdatedAt',
] as const satisfies readonly (keyof MaterialModel)[];

/** The item as the API shows it at `at` (its remainder then). */
export function toMaterialModel(item: MaterialItem, names: ReadonlyMap<string, string>, at: string): MaterialModel {
  return {
    Uuid: item.Uuid,
    Kind: item.Kind,
    Nuclide: item.Nuclide,
    ActivityBq: item.ActivityBq,
    ActivityDateTime: item.ActivityDateTime,
    ReceivedAt: item.ReceivedAt,
    ReceivedBy: item.ReceivedBy,
    ReceivedByName: names.get(item.ReceivedBy) ?? null,
    Supplier: item.Supplier,
    Batch: item.Batch,
    ChemicalForm: item.ChemicalForm,
    Impurities: item.Impurities,
    CertificateDocumentUuid: item.CertificateDocumentUuid,
    ParentUuid: item.ParentUuid,
    LicenceUuid: item.LicenceUuid,
    LicenceExceeded: item.LicenceExceeded,
    LineUuid: item.LineUuid,
    RemainingBq: item.State === 'USED_UP' ? 0 : shownRemainder(remainingAt(item, at)),
    RemainingAt: at,
    State: item.State,
    CreatedAt: item.CreatedAt,
    UpdatedAt: item.UpdatedAt,
  };
}

/** MaterialMovementModel. */
export interface MovementModel {
  Uuid: string;
  MaterialUuid: string;
  Kind: MovementKind;
  ActivityBq: number;
  MovedAt: string;
  Applications: number | null;
  ContainerUuid: string | null;
  Recipient: string | null;
  Justification: string | null;
  MovedBy: string;
  MovedByName: string | null;
  LineUuid: string;
  CorrectedBy: string | null;
}

export const MOVEMENT_FIELDS = [
  'Uuid',
  'MaterialUuid',
  'Kind',
  'ActivityBq',
  'MovedAt',
  'Applications',
  'ContainerUuid',
  'Recipient',
  'Justification',
  'MovedBy',
  'MovedByName',
  'LineUuid',
  'CorrectedBy',
] as const satisfies readonly (keyof MovementModel)[];

export const toMovementModel = (
  item: Pick<MaterialItem, 'Uuid'>,
  m: Movement,
  names: ReadonlyMap<string, string>,
): MovementModel => ({
  Uuid: m.Uuid,
  MaterialUuid: item.Uuid,
  Kind: m.Kind,
  ActivityBq: m.ActivityBq,
  MovedAt: m.MovedAt,
  Applications: m.Applications,
  ContainerUuid: m.ContainerUuid,
  Recipient: m.Recipient,
  Justification: m.Justification,
  MovedBy: m.MovedBy,
  MovedByName: names.get(m.MovedBy) ?? null,
  LineUuid: m.LineUuid,
  CorrectedBy: m.CorrectedBy,
});
