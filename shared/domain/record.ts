/** What every stored record of a tenant has: its tenant and identity, its version (the ETag) and timestamps. */
export interface StoredRecord {
  Client: string;
  Facility: string;
  Uuid: string;
  Version: number;
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  CreatedAt: string;
  UpdatedAt: string;
}
