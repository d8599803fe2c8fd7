/**
 * In-memory adapter of the file storage port (shared/data/files.ts): objects in a map; presigned
 * addresses are `memory://` URLs that say what they allow, so a test can assert them.
 */
import type { FileStorage, ObjectInfo, Retention } from '../../../shared/data/files';

export interface MemoryObject extends ObjectInfo {
  body: Uint8Array;
  retention?: Retention;
}

export function memoryFileStorage(clock: () => Date = () => new Date()) {
  const objects = new Map<string, MemoryObject>();
  const storage: FileStorage = {
    async presignUpload(key, contentType, maxBytes, expiresSeconds) {
      return {
        Url: 'memory://files/',
        Method: 'POST',
        Fields: { key, 'Content-Type': contentType, 'Content-Length-Range': `1,${maxBytes}` },
        ExpiresAt: new Date(clock().getTime() + expiresSeconds * 1000),
      };
    },
    presignDownload: async (key, contentDisposition, expiresSeconds) => {
      const query = new URLSearchParams({ disposition: contentDisposition, expires: String(expiresSeconds) });
      return `memory://files/${key}?${query}`;
    },
    async head(key) {
      const object = objects.get(key);
      return object && { size: object.size, contentType: object.contentType, lastModified: object.lastModified };
    },
    async remove(key) {
      objects.delete(key);
    },
    async put(key, body, contentType) {
      const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
      objects.set(key, { body: bytes, size: bytes.byteLength, contentType, lastModified: clock() });
    },
    async keep(key, body, contentType, retention) {
      if (objects.get(key)?.retention) throw new Error(`${key} is kept: it cannot be overwritten`);
      objects.set(key, { body, size: body.byteLength, contentType, lastModified: clock(), retention });
    },
    read: async (key) => objects.get(key)?.body,
    async readKept(key) {
      const object = objects.get(key);
      return (
        object && {
          body: object.body,
          contentType: object.contentType,
          retention: object.retention ? { mode: object.retention.mode, until: object.retention.until } : null,
        }
      );
    },
    async list(prefix, { after, limit }) {
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && (!after || k > after)).sort();
      return { keys: keys.slice(0, limit), more: keys.length > limit };
    },
    async folders(prefix) {
      const names = [...objects.keys()]
        .filter((k) => k.startsWith(prefix) && k.indexOf('/', prefix.length) !== -1)
        .map((k) => k.slice(prefix.length, k.indexOf('/', prefix.length)));
      return [...new Set(names)].sort();
    },
  };
  return Object.assign(storage, { objects });
}
