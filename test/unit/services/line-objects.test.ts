/**
 * shared/services/line-objects.ts over the in-memory files (test/support/memory/files.ts): a register line's locked
 * copy is its canonical JSON at its book's key, checksummed over exactly those bytes, under the lock mode given, until
 * its book's retention for it (30 years for a release under a notice, 3 for decay in storage) unless the writer
 * names the date; a copy once kept is not overwritten.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalLine } from '../../../shared/domain/chain';
import { RELEASE_REGISTER, registerLineKey } from '../../../shared/domain/register-chain';
import { DECAY_IN_STORAGE } from '../../../shared/domain/release-types';
import { keepLineObject } from '../../../shared/services/line-objects';
import { memoryFileStorage } from '../../support/memory/files';
import { registerLine } from '../../support/register-lines';

const tenant = { client: 'c1', facility: 'f1' };

describe('keepLineObject', () => {
  it("keeps the line's canonical JSON at its key, checksummed, locked until its book's retention", async () => {
    const records = memoryFileStorage();
    const line = registerLine('2026-11-20 10:00:05', null, 'a');
    await keepLineObject(records, 'COMPLIANCE', RELEASE_REGISTER, tenant, line);
    const key = registerLineKey(tenant, line);
    expect([...records.objects.keys()]).toEqual([key]);
    const object = records.objects.get(key)!;
    const text = new TextDecoder().decode(object.body);
    expect(text).toBe(canonicalLine(line));
    expect(JSON.parse(text)).toEqual(line);
    expect(object.contentType).toBe('application/json');
    expect(object.retention).toEqual({
      mode: 'COMPLIANCE',
      until: new Date('2056-11-20T10:00:05Z'),
      sha256: createHash('sha256').update(object.body).digest('hex'),
    });
    await expect(keepLineObject(records, 'COMPLIANCE', RELEASE_REGISTER, tenant, line)).rejects.toThrow(/is kept/);
  });

  it("follows the line's regime (3 years for decay in storage), or the date and mode the writer names", async () => {
    const records = memoryFileStorage();
    const us = { ...registerLine('2026-11-20 10:00:05', null, 'b'), ReleaseType: DECAY_IN_STORAGE };
    await keepLineObject(records, 'COMPLIANCE', RELEASE_REGISTER, tenant, us);
    expect(records.objects.get(registerLineKey(tenant, us))!.retention).toMatchObject({
      until: new Date('2029-11-20T10:00:05Z'),
    });
    const named = registerLine('2026-11-20 11:00:00', null, 'c');
    const until = new Date('2030-01-01T00:00:00Z');
    await keepLineObject(records, 'GOVERNANCE', RELEASE_REGISTER, tenant, named, until);
    expect(records.objects.get(registerLineKey(tenant, named))!.retention).toMatchObject({ mode: 'GOVERNANCE', until });
  });
});
