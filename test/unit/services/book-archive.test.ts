/**
 * shared/services/book-archive.ts over the memory records bucket: each booked line is kept as its canonical JSON
 * under its year and name, locked in the bucket's mode for 30 years from its booking, with the SHA-256 the bucket
 * checks; a copy that cannot be written is logged and the booking stands (the other lines are still kept).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { FileStorage } from '../../../shared/data/files';
import { canonicalLine } from '../../../shared/domain/chain';
import { type BookLine, chainBookLine, receiptLine } from '../../../shared/domain/material-book';
import { logger } from '../../../shared/observability';
import { bookArchive } from '../../../shared/services/book-archive';
import { memoryFileStorage } from '../../support/memory/files';
import { storedItem } from '../../support/memory/material';

const tenant = { client: 'c1', facility: 'f1' };
const item = storedItem(tenant, '2026-11-20 10:00:00', { Uuid: 'item-1', LicenceUuid: 'licence-1' });
const line = (n: number, at: string, previous: string | null = null): BookLine =>
  chainBookLine(receiptLine({ lineUuid: `line-${n}`, at, by: 'ada', byName: 'Ada Lovelace' }, item, null), previous);

describe('bookArchive', () => {
  it('keeps each line as its canonical JSON, locked 30 years from its booking, by year and name', async () => {
    const records = memoryFileStorage();
    const kept = vi.spyOn(records, 'keep');
    const first = line(1, '2026-12-31 23:59:59');
    const second = line(2, '2027-01-01 00:00:00', first.LineSha256);
    await bookArchive(records, 'GOVERNANCE').keep(tenant, [first, second]);
    expect([...records.objects.keys()].sort()).toEqual([
      'documents/c1/f1/material-book/2026/2026-12-31T235959Z-line-1.json',
      'documents/c1/f1/material-book/2027/2027-01-01T000000Z-line-2.json',
    ]);
    const object = records.objects.get('documents/c1/f1/material-book/2026/2026-12-31T235959Z-line-1.json')!;
    const text = new TextDecoder().decode(object.body);
    expect(text).toBe(canonicalLine(first));
    expect(JSON.parse(text)).toEqual(first);
    expect([object.contentType, object.retention?.mode, object.retention?.until.toISOString()]).toEqual([
      'application/json',
      'GOVERNANCE',
      '2056-12-31T23:59:59.000Z',
    ]);
    // The bucket is told the hash of exactly the bytes it keeps.
    expect(kept.mock.calls[0]![3].sha256).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('logs a copy it cannot write and goes on: the booking stands, the other lines are kept', async () => {
    const records = memoryFileStorage();
    const failing: FileStorage = {
      ...records,
      keep: async (key, body, contentType, retention) => {
        if (key.includes('line-1')) throw new Error('bucket down');
        return records.keep(key, body, contentType, retention);
      },
    };
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      await expect(
        bookArchive(failing, 'COMPLIANCE').keep(tenant, [
          line(1, '2026-11-20 10:00:00'),
          line(2, '2026-11-20 10:00:01'),
        ]),
      ).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledWith(
        'material booked, its book line not archived',
        expect.objectContaining({ line: 'line-1', bookedAt: '2026-11-20 10:00:00' }),
      );
      expect([...records.objects.keys()]).toEqual([
        'documents/c1/f1/material-book/2026/2026-11-20T100001Z-line-2.json',
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});
