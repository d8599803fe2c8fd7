/**
 * A request's identity across its retries (docs/writes.md#a-retry-after-a-fault). A POST with an Idempotency-Key keeps,
 * in its key's record, the identity of its first attempt: when it started, its request id, and a nonce from which the
 * identifiers of the records it creates are derived. When that attempt fails half-way (its answer lost, its process
 * stopped), the retry that takes the record over runs with the same identity: the same time, the same request id, the
 * same new identifiers. Its writes then meet their own earlier effect instead of making a second one: a record it
 * creates is the one the first attempt created (shared/data/transact.ts), a container's audit names the same request.
 * A write whose retry cannot be told from its stored effect alone notes its answer before it commits
 * (`noteThenCommit`), and its retry answers that once it finds the commit stored (`earlierAnswer`: the release, a
 * booking).
 *
 * The identity lives in the request's scope (an AsyncLocalStorage the HTTP handler opens, shared/http/handler.ts);
 * the Idempotency-Key middleware adopts it (shared/http/idempotency.ts). Without a key, or outside a request, the time
 * is the clock's and every identifier is fresh.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { timeOrderedUuid, uuidOf } from './domain/ids';

/** The first attempt's identity, as the key's record keeps it. */
export interface RequestIdentity {
  /** Epoch milliseconds: the request's time. */
  At: number;
  RequestId: string;
  /** Hex: where the request's new identifiers come from. */
  Nonce: string;
}

interface RequestScope {
  /** The invocation's own request id. */
  requestId: string;
  identity?: RequestIdentity;
  /** Identifiers minted so far (their number is the next one's index). */
  minted: string[];
  /** The answer an earlier attempt noted before its commit. */
  noted?: unknown;
  /** Notes this attempt's answer in the key's record. */
  note?: (answer: unknown) => Promise<void>;
  /** Hands the key's record over to the next attempt (this one failed; what it did is unknown). */
  handOver?: () => Promise<void>;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs one request (the invocation `requestId`) in a scope of its own. */
export const withRequestScope = <T>(requestId: string, run: () => Promise<T>): Promise<T> =>
  scopes.run({ requestId, minted: [] }, run);

/** A new identity: this attempt's own. */
export const newIdentity = (): RequestIdentity => ({
  At: Date.now(),
  RequestId: scopes.getStore()?.requestId ?? randomUUID(),
  Nonce: randomBytes(16).toString('hex'),
});

/**
 * The request runs as `identity` from now on (its own, or the first attempt's it takes over), with what that attempt
 * noted, how this one notes its answer and how it hands its record over when it fails.
 */
export function adoptIdentity(
  identity: RequestIdentity,
  options: Pick<RequestScope, 'noted' | 'note' | 'handOver'> = {},
): void {
  const scope = scopes.getStore();
  if (!scope) return;
  Object.assign(scope, { identity, minted: [], noted: options.noted, note: options.note, handOver: options.handOver });
}

/** This attempt failed with what it did unknown: its record goes to the next attempt at once, with its identity. */
export async function handOver(): Promise<void> {
  await scopes.getStore()?.handOver?.();
}

/** The request's identity, if it has one (a POST with an Idempotency-Key). */
export const requestIdentity = (): RequestIdentity | undefined => scopes.getStore()?.identity;

/** The request's time: its first attempt's when it has an identity, else now. The services' clock. */
export const requestTime = (): Date => new Date(scopes.getStore()?.identity?.At ?? Date.now());

/** 16 bytes for the next identifier: derived from the identity (the same on a retry), else random. */
function nextBytes(): Buffer {
  const scope = scopes.getStore();
  if (!scope?.identity) return randomBytes(16);
  return createHash('sha256').update(`${scope.identity.Nonce}:${scope.minted.length}`).digest().subarray(0, 16);
}

/** An identifier minted from the request's identity, remembered as one only this request creates. */
const remember = (uuid: string) => {
  scopes.getStore()?.minted.push(uuid);
  return uuid;
};

/** A new record's identifier (a UUID version 4): on a retry, the one its first attempt minted in the same place. */
export function mintUuid(): string {
  if (!scopes.getStore()?.identity) return randomUUID();
  return remember(uuidOf(nextBytes(), 4));
}

/**
 * A new record's time-ordered identifier (a UUID version 7, shared/domain/ids.ts): its time is `now`'s, its other
 * bits the request's, so a retry mints the same one at the same request time.
 */
export function mintTimeOrderedUuid(now: Date): string {
  if (!scopes.getStore()?.identity) return timeOrderedUuid(now);
  return remember(timeOrderedUuid(now, nextBytes()));
}

/** Whether `key` (a sort key) holds an identifier this request minted: an item only this request creates. */
export const mintedIn = (key: string): boolean => scopes.getStore()?.minted.some((uuid) => key.includes(uuid)) ?? false;

/** Where minting stands, and going back there: each attempt of an optimistic write mints the same identifiers. */
export const mintMark = (): number => scopes.getStore()?.minted.length ?? 0;
export function rewindMint(mark: number): void {
  const scope = scopes.getStore();
  if (scope) scope.minted.length = Math.min(mark, scope.minted.length);
}

/**
 * A write whose retry cannot be told from its stored effect alone: `answer` is noted in the key's record (no key:
 * nothing to note), then `commit` runs; a retry whose first attempt got through the commit answers it (earlierAnswer).
 */
export async function noteThenCommit<T>(answer: T, commit: () => Promise<unknown>): Promise<T> {
  await scopes.getStore()?.note?.(answer);
  await commit();
  return answer;
}

/**
 * The answer an earlier attempt of this request noted before its commit (noteThenCommit), when `committed` finds that
 * commit in what is stored now; else undefined (no earlier answer, or that attempt stopped before its commit: this one
 * writes anew). A noted answer is never taken unchecked: it was noted before a commit that may not have happened.
 */
export async function earlierAnswer<T>(committed: (noted: T) => boolean | Promise<boolean>): Promise<T | undefined> {
  const noted = scopes.getStore()?.noted as T | undefined;
  return noted !== undefined && (await committed(noted)) ? noted : undefined;
}
