/** What every stored record of a tenant has: its tenant and identity, its version (the ETag) and timestamps. */
import { formatTimestamp } from './time';
import { canonicalJson } from './values';

export interface StoredRecord {
  Client: string;
  Facility: string;
  Uuid: string;
  Version: number;
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  CreatedAt: string;
  UpdatedAt: string;
}

/** The ETag of a record's version: strong, opaque, different for every item and version. */
export const etagOf = (record: Pick<StoredRecord, 'Uuid' | 'Version'>): string => `"${record.Uuid}.${record.Version}"`;

/** If-Match holds when it lists the current ETag or is `*` (weak tags never match: RFC 9110 strong comparison). */
export function ifMatchHolds(ifMatch: string, etag: string): boolean {
  return ifMatch
    .split(',')
    .map((t) => t.trim())
    .some((tag) => tag === '*' || tag === etag);
}

/** The tenant a record belongs to. */
export type RecordTenant = { client: string; facility: string };

/** A new record's stored part: its tenant and identity, version 1, created and updated `now`. */
export function newRecord(tenant: RecordTenant, uuid: string, now: Date): StoredRecord {
  const at = formatTimestamp(now);
  return { Client: tenant.client, Facility: tenant.facility, Uuid: uuid, Version: 1, CreatedAt: at, UpdatedAt: at };
}

/** A new record of `data` (its defaults and body merged, its rules checked by the caller). */
export const createdRecord = <D extends object>(tenant: RecordTenant, uuid: string, data: D, now: Date) => ({
  ...data,
  ...newRecord(tenant, uuid, now),
});

/** A record's next version: the version one up (its ETag moves), updated `now`. */
export const newVersion = <R extends StoredRecord>(record: R, now: Date): R => ({
  ...record,
  Version: record.Version + 1,
  UpdatedAt: formatTimestamp(now),
});

/**
 * The outcome of a partial update: `merged` as the next version when one of `fields` changed (compared as canonical
 * JSON; `unordered`: arrays as sets), else the record as it was.
 */
export function revised<R extends StoredRecord>(
  current: R,
  merged: R,
  fields: readonly (keyof R & string)[],
  now: Date,
  unordered = false,
): { next: R; changed: boolean } {
  const changed = fields.some((f) => canonicalJson(merged[f], unordered) !== canonicalJson(current[f], unordered));
  return changed ? { next: newVersion(merged, now), changed } : { next: current, changed };
}
