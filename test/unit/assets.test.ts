/** shared/assets.ts: where a function's file asset lies when it runs from the repository. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assetPath } from '../../shared/assets';
import { RECORD_ASSETS } from '../../shared/records/pdfa';

const root = path.resolve(import.meta.dirname, '../..');

describe('assetPath', () => {
  it("finds the release record's assets in the repository, by their paths from its root", () => {
    const files = Object.values(RECORD_ASSETS).flat() as string[];
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(assetPath(file)).toBe(path.join(root, file));
      expect(existsSync(assetPath(file)), file).toBe(true);
    }
  });
});
