/** shared/data/file-storage.ts: every key under a prefix, read page by page through the port. */
import { describe, expect, it } from 'vitest';
import { listAll } from '../../../shared/data/file-storage';

/** A listing over `keys` (sorted) that answers `limit` keys a page after `after`, as S3's ListObjectsV2 does. */
function listing(keys: string[]) {
  const pages: { after?: string | undefined; limit: number }[] = [];
  return {
    pages,
    async list(prefix: string, page: { after?: string | undefined; limit: number }) {
      pages.push(page);
      const under = keys.filter((k) => k.startsWith(prefix) && (page.after === undefined || k > page.after));
      return { keys: under.slice(0, page.limit), more: under.length > page.limit };
    },
  };
}

describe('listAll', () => {
  it('reads every key under the prefix in key order, a page of 1,000 after the last one read', async () => {
    const keys = Array.from({ length: 2500 }, (_, i) => `r/${String(i).padStart(5, '0')}`);
    const files = listing([...keys, 's/other']);
    expect(await listAll(files, 'r/')).toEqual(keys);
    expect(files.pages.map((p) => p.after)).toEqual([undefined, 'r/00999', 'r/01999']);
  });

  it('answers none under an empty prefix in one call', async () => {
    const files = listing(['a']);
    expect(await listAll(files, 'z/')).toEqual([]);
    expect(files.pages).toHaveLength(1);
  });
});
