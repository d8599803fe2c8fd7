/**
 * The handling licence (Umgangsgenehmigung, StrlSchG § 12 Abs. 1 Nr. 3): the activity of each nuclide the facility
 * may hold, and with `SumRule` the sum over nuclides of stock over limit as well. A receipt or elution is checked
 * against the licence in force at its time; once a booking was, the licence keeps its limits and dates (a later
 * licence takes over from its ValidFrom). Pure: no AWS, no HTTP.
 */
import { conflictOver } from '../errors';
import type { Detail } from '../i18n/translate';
import { clearable, kept, presentModel, required, writable } from './fields';
import type { CreateOf, DataOf, ModelOf } from './fields';
import type { StoredRecord } from './record';
import { recordKind } from './record-kind';
import { canonicalJson } from './values';

/** What the licence allows of a nuclide (with its daughters of Anlage 4 Tabelle 2, as its `+` row does). */
export interface LicenceLimit {
  Nuclide: string;
  MaxActivityBq: number;
}

export const LICENCE_TABLE = {
  Uuid: kept(),
  FileNumber: required<string>(),
  Authority: required<string>(),
  Holder: required<string>(),
  IssuedAt: required<string>(),
  ValidFrom: required<string>(),
  ValidUntil: clearable<string>(),
  Limits: required<LicenceLimit[]>(),
  SumRule: writable<boolean>(false),
  DocumentUuid: clearable<string>(),
  CreatedAt: kept(),
  UpdatedAt: kept(),
} as const;

export type LicenceData = DataOf<typeof LICENCE_TABLE>;
export type LicenceCreate = CreateOf<typeof LICENCE_TABLE>;
export type LicencePatch = Partial<LicenceData>;
export type LicenceModel = ModelOf<typeof LICENCE_TABLE>;
export interface Licence extends LicenceData, StoredRecord {}

/** How often bookings were checked against a licence, and when last: kept beside it, never in its model. */
export interface Bookings {
  Bookings: number;
  LastBookedAt: string | null;
}
export interface LicenceRecord extends Licence, Bookings {}

/** What a booking keeps of the licence it was checked against. */
export const FROZEN_WHEN_BOOKED = [
  'Limits',
  'SumRule',
  'IssuedAt',
  'ValidFrom',
  'ValidUntil',
] as const satisfies readonly (keyof LicenceData)[];

export function licenceRuleBreaches(data: LicenceData): Detail[] {
  const breaches: Detail[] = [];
  if (data.ValidUntil !== null && data.ValidUntil < data.ValidFrom)
    breaches.push({ key: 'detail.not_before', params: { field: 'ValidUntil', other: 'ValidFrom' } });
  return breaches;
}

const canonical = (value: unknown) => canonicalJson(value, true);

/** The members of what a booking keeps that a change from `current` to `next` touches. */
const frozenTouched = (current: LicenceData, next: LicenceData) =>
  FROZEN_WHEN_BOOKED.filter((f) => canonical(current[f]) !== canonical(next[f]));

/** 409 `licence.booked` naming each member a change would touch of what a booking was checked against. */
function checkBookedChange(current: LicenceRecord, next: LicenceData): void {
  if (current.Bookings === 0) return;
  const details: Detail[] = frozenTouched(current, next).map((field) => ({
    key: 'detail.frozen_when_booked',
    params: { field },
  }));
  if (details.length) throw conflictOver('licence.booked', details);
}

/** Whether a change touches what a booking keeps: then the write must find no booking at all. */
export const touchesFrozen = (current: LicenceData, next: LicenceData): boolean =>
  frozenTouched(current, next).length > 0;

const licences = recordKind(LICENCE_TABLE, licenceRuleBreaches, { unordered: true });
export const LICENCE_FIELDS = licences.fields;

export const createLicence = (
  tenant: { client: string; facility: string },
  uuid: string,
  body: LicenceCreate,
  now: Date,
) => licences.create(tenant, uuid, body, now);

export const updateLicence = (current: LicenceRecord, patch: LicencePatch, now: Date) =>
  licences.update(current, patch, now, checkBookedChange);

/** Whether a licence is in force at `at`: from ValidFrom, up to and including ValidUntil. */
export const inForce = (licence: Pick<Licence, 'ValidFrom' | 'ValidUntil'>, at: string): boolean =>
  licence.ValidFrom <= at && (licence.ValidUntil === null || at <= licence.ValidUntil);

/** The listing order: newest ValidFrom first. */
export const licenceOrder = (a: Licence, b: Licence): number =>
  `${b.ValidFrom}#${b.CreatedAt}#${b.Uuid}`.localeCompare(`${a.ValidFrom}#${a.CreatedAt}#${a.Uuid}`);

/** The licence in force at `at`: of those whose validity covers it, the one that took over last (latest ValidFrom). */
export function licenceAt<L extends Licence>(all: readonly L[], at: string): L | undefined {
  return all.filter((l) => inForce(l, at)).sort(licenceOrder)[0];
}

export const toLicenceModel = (licence: Licence): LicenceModel => presentModel(LICENCE_TABLE, licence, {});

/** The limit of a nuclide, Bq: 0 for one the licence does not name (it may not be held at all). */
export const limitOf = (licence: Pick<Licence, 'Limits'>, nuclide: string): number =>
  licence.Limits.find((l) => l.Nuclide === nuclide)?.MaxActivityBq ?? 0;

/** A nuclide a booking would take above its limit: its stock, what comes in, its limit. */
export interface Exceeded {
  Nuclide: string;
  StockBq: number;
  IncomingBq: number;
  MaxActivityBq: number;
}

/**
 * What a booking that brings `incoming` (Bq per nuclide at its time) onto `stock` (Bq per nuclide then) takes above
 * the licence: each nuclide above its limit, and under SumRule the sum of stock over limit above 1 (over the nuclides
 * the licence names).
 */
export function exceeded(
  licence: Pick<Licence, 'Limits' | 'SumRule'>,
  stock: ReadonlyMap<string, number>,
  incoming: ReadonlyMap<string, number>,
): { nuclides: Exceeded[]; sum: number | null } {
  const nuclides: Exceeded[] = [];
  for (const [nuclide, bq] of incoming) {
    const limit = limitOf(licence, nuclide);
    const held = stock.get(nuclide) ?? 0;
    if (held + bq > limit) nuclides.push({ Nuclide: nuclide, StockBq: held, IncomingBq: bq, MaxActivityBq: limit });
  }
  if (!licence.SumRule) return { nuclides, sum: null };
  const sum = licence.Limits.reduce(
    (total, l) => total + ((stock.get(l.Nuclide) ?? 0) + (incoming.get(l.Nuclide) ?? 0)) / l.MaxActivityBq,
    0,
  );
  return { nuclides, sum: sum > 1 ? sum : null };
}
