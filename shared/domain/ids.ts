/** Identifiers of new records. */
import { randomBytes } from 'node:crypto';

/** 16 bytes as a UUID of `version` (RFC 9562): its version and variant bits set. */
export function uuidOf(bytes: Buffer, version: 4 | 7): string {
  bytes[6] = (bytes[6]! & 0x0f) | (version << 4);
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A UUID version 7 (RFC 9562 §5.7): its first 48 bits are the creation time in milliseconds, the
 * rest random (or the 16 bytes given). Documents are listed by CreatedAt (whole seconds), then Uuid: with these, a
 * document created later in the same second still comes first, so its creator sees it at the top.
 */
export function timeOrderedUuid(now: Date, bytes: Buffer = randomBytes(16)): string {
  bytes.writeUIntBE(now.getTime(), 0, 6);
  return uuidOf(bytes, 7);
}
