/** What every stored record of a tenant has: its tenant and identity, its version (the ETag) and timestamps. */
import { formatTimestamp } from './time';

export interface StoredRecord {
  Client: string;
  Facility: string;
  Uuid: string;
  Version: number;
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  CreatedAt: string;
  UpdatedAt: string;
}

/** A new record's stored part: its tenant and identity, version 1, created and updated `now`. */
export function newRecord(tenant: { client: string; facility: string }, uuid: string, now: Date): StoredRecord {
  const at = formatTimestamp(now);
  return { Client: tenant.client, Facility: tenant.facility, Uuid: uuid, Version: 1, CreatedAt: at, UpdatedAt: at };
}
