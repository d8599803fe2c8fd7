/** shared/operations/export-format.ts: where an export keeps what, under which kind, and its manifest checked. */
import { describe, expect, it } from 'vitest';
import {
  belongsTo,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  kindOf,
  partPath,
  readManifest,
  sha256,
} from '../../../shared/operations/export-format';
import { memoryFileStorage } from '../../support/memory/files';

describe('the export format', () => {
  it('files an item under the kind it always had, a newer type under its Type in kebab case', () => {
    expect(kindOf({ Type: 'Container' })).toBe('containers');
    expect(kindOf({ Type: 'MaintenanceLogEntry' })).toBe('log-entries');
    expect(kindOf({ Type: 'SomeFutureRecord' })).toBe('some-future-record');
    expect(kindOf({})).toBe('untyped');
  });

  it("numbers a kind's parts, and takes the client's directory and facility partitions as the client's only", () => {
    expect(partPath('containers', 7)).toBe('records/containers/part-00007.jsonl');
    expect(belongsTo('c1', 'C#c1')).toBe(true);
    expect(belongsTo('c1', 'C#c1#F#f1')).toBe(true);
    expect(belongsTo('c1', 'C#c10')).toBe(false);
    expect(belongsTo('c1', 'C#c10#F#f1')).toBe(false);
    expect(belongsTo('c1', undefined)).toBe(false);
  });

  it('checks every part by its SHA-256', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256(new TextEncoder().encode('abc'))).toBe(sha256('abc'));
  });
});

describe('the manifest of an export', () => {
  const manifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    client: 'c1',
    createdAt: 'x',
    counts: {},
    files: 0,
    parts: [],
  };

  it('is read from the export folder', async () => {
    const files = memoryFileStorage();
    await files.put('exports/c1/run/manifest.json', JSON.stringify(manifest), 'application/json');
    expect(await readManifest(files, 'exports/c1/run/')).toEqual(manifest);
  });

  it('is refused when missing, or of another format or version', async () => {
    const files = memoryFileStorage();
    await expect(readManifest(files, 'exports/none/')).rejects.toThrow('no manifest at exports/none/');
    await files.put('a/manifest.json', JSON.stringify({ ...manifest, version: 2 }), 'application/json');
    await expect(readManifest(files, 'a/')).rejects.toThrow(`unsupported export format ${EXPORT_FORMAT} v2`);
    await files.put('b/manifest.json', JSON.stringify({ ...manifest, format: 'other' }), 'application/json');
    await expect(readManifest(files, 'b/')).rejects.toThrow('unsupported export format other v1');
  });
});
