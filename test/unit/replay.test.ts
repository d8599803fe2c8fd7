/**
 * shared/replay.ts: a request's identity across its retries: the same identity mints the same identifiers in the same
 * places and tells the same time; without one, every identifier is fresh; what an attempt notes reaches its retry.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  adoptIdentity,
  earlierAnswer,
  handOver,
  mintedIn,
  mintMark,
  mintTimeOrderedUuid,
  mintUuid,
  newIdentity,
  noteThenCommit,
  requestIdentity,
  requestTime,
  rewindMint,
  withRequestScope,
} from '../../shared/replay';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const identity = { At: Date.parse('2026-11-20T08:00:00.123Z'), RequestId: 'first-attempt', Nonce: 'ab'.repeat(16) };

/** What one attempt of a request with `identity` mints: two UUIDs and a time-ordered one. */
const attempt = (requestId: string) =>
  withRequestScope(requestId, async () => {
    adoptIdentity(identity);
    return [mintUuid(), mintUuid(), mintTimeOrderedUuid(requestTime())];
  });

describe('a request without an identity', () => {
  it('mints fresh identifiers and tells the time now', async () => {
    await withRequestScope('r1', async () => {
      const [a, b] = [mintUuid(), mintUuid()];
      expect(a).toMatch(V4);
      expect(a).not.toBe(b);
      expect(Math.abs(requestTime().getTime() - Date.now())).toBeLessThan(1000);
      expect(requestIdentity()).toBeUndefined();
      expect(await earlierAnswer(() => true)).toBeUndefined();
      const commit = vi.fn(async () => undefined);
      await expect(noteThenCommit({ any: 1 }, commit)).resolves.toEqual({ any: 1 });
      expect(commit).toHaveBeenCalledOnce();
      await expect(handOver()).resolves.toBeUndefined();
    });
    expect(mintUuid()).toMatch(V4);
  });

  it('takes a new identity of its own: its request id, now, a nonce of its own', async () => {
    const [one, two] = await Promise.all(['a', 'b'].map((id) => withRequestScope(id, async () => newIdentity())));
    expect(one).toMatchObject({ RequestId: 'a', Nonce: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(one!.Nonce).not.toBe(two!.Nonce);
    expect(Math.abs(one!.At - Date.now())).toBeLessThan(1000);
  });
});

describe('a request with an identity', () => {
  it('mints on a retry the identifiers its first attempt minted, in the same places, at its time', async () => {
    const first = await attempt('first-attempt');
    const retry = await attempt('the-retry');
    expect(retry).toEqual(first);
    expect(first[0]).toMatch(V4);
    expect(first[0]).not.toBe(first[1]);
    expect(first[2]).toMatch(V7);
    // A UUID version 7 carries its time in its first 48 bits.
    expect(Number.parseInt(first[2]!.replaceAll('-', '').slice(0, 12), 16)).toBe(identity.At);
    await withRequestScope('the-retry', async () => {
      adoptIdentity(identity);
      expect(requestTime().getTime()).toBe(identity.At);
      expect(requestIdentity()?.RequestId).toBe('first-attempt');
    });
  });

  it('tells the keys that hold an identifier it minted, and mints the same again after a rewind', async () => {
    await withRequestScope('r', async () => {
      adoptIdentity(identity);
      const mark = mintMark();
      const uuid = mintUuid();
      expect(mintedIn(`DOCUMENT#${uuid}`)).toBe(true);
      expect(mintedIn('DOCUMENT#someone-else')).toBe(false);
      rewindMint(mark);
      expect(mintUuid()).toBe(uuid);
    });
    expect(mintedIn('anything')).toBe(false);
  });

  it('notes its answer before its commit where the retry finds it, and hands its record over', async () => {
    const steps: string[] = [];
    const note = vi.fn(async () => void steps.push('note'));
    const commit = vi.fn(async () => void steps.push('commit'));
    const over = vi.fn(async () => undefined);
    await withRequestScope('r', async () => {
      adoptIdentity(identity, { noted: { model: 'first' }, note, handOver: over });
      // The noted answer only once its commit is found stored.
      expect(await earlierAnswer(async () => true)).toEqual({ model: 'first' });
      expect(await earlierAnswer(() => false)).toBeUndefined();
      await expect(noteThenCommit({ model: 'second' }, commit)).resolves.toEqual({ model: 'second' });
      await handOver();
    });
    expect(note).toHaveBeenCalledWith({ model: 'second' });
    expect(steps).toEqual(['note', 'commit']);
    expect(over).toHaveBeenCalledOnce();
  });
});
