import { describe, expect, it } from 'vitest';
import {
  type AssumeRole,
  MAX_SESSIONS,
  RENEW_BEFORE_SECONDS,
  SESSION_SECONDS,
  SessionUnavailableError,
  sessionNameOf,
  tenantSessions,
} from '../../../shared/clients/tenant-sessions';
import { PRESIGNED_SECONDS } from '../../../shared/domain/presigned';
import { UnavailableError } from '../../../shared/retry';

const role = 'arn:aws:iam::123456789012:role/tenant';
const a = { client: 'c1', facility: 'f1' };
const b = { client: 'c1', facility: 'f10' };

/** An STS stand-in: each call answers fresh credentials lasting `durationSeconds` from `now()`, and is counted. */
function sts(now: () => number) {
  const calls: Parameters<AssumeRole>[0][] = [];
  const assume: AssumeRole = async (request) => {
    calls.push(request);
    return {
      accessKeyId: `AK${calls.length}`,
      secretAccessKey: 'secret',
      sessionToken: `token-${calls.length}`,
      expiration: new Date(now() + request.durationSeconds * 1000),
    };
  };
  return { calls, assume };
}

describe('tenantSessions', () => {
  it('assumes the role once per tenant, tagged with exactly its client and facility, for an hour', async () => {
    const clock = 0;
    const { calls, assume } = sts(() => clock);
    const sessionOf = tenantSessions(assume, () => clock);
    const first = await sessionOf({ roleArn: role, sessionName: 'container-load', tenant: a });
    const again = await sessionOf({ roleArn: role, sessionName: 'container-load', tenant: a });
    const other = await sessionOf({ roleArn: role, sessionName: 'container-load', tenant: b });
    expect(again).toBe(first);
    expect(other.credentials.accessKeyId).not.toBe(first.credentials.accessKeyId);
    expect(first.tenant).toEqual(a);
    expect(other.tenant).toEqual(b);
    expect(calls).toEqual([
      {
        roleArn: role,
        sessionName: 'container-load',
        tags: [
          { Key: 'client', Value: 'c1' },
          { Key: 'facility', Value: 'f1' },
        ],
        durationSeconds: SESSION_SECONDS,
      },
      expect.objectContaining({ tags: [expect.anything(), { Key: 'facility', Value: 'f10' }] }),
    ]);
  });

  it('lets concurrent requests of one tenant wait for one session', async () => {
    const { calls, assume } = sts(Date.now);
    const sessionOf = tenantSessions(assume);
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () => sessionOf({ roleArn: role, sessionName: 'f', tenant: a })),
    );
    expect(new Set(sessions).size).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it("renews a session while it still covers a presigned upload's lifetime, not before", async () => {
    expect(RENEW_BEFORE_SECONDS).toBeGreaterThan(PRESIGNED_SECONDS.upload);
    let clock = 0;
    const { calls, assume } = sts(() => clock);
    const sessionOf = tenantSessions(assume, () => clock);
    const request = { roleArn: role, sessionName: 'f', tenant: a };
    const first = await sessionOf(request);
    clock = (SESSION_SECONDS - RENEW_BEFORE_SECONDS) * 1000 - 1;
    expect(await sessionOf(request)).toBe(first);
    clock += 2;
    const renewed = await sessionOf(request);
    expect(renewed).not.toBe(first);
    expect(calls).toHaveLength(2);
    // Whatever it signs now stays valid for the whole upload.
    expect(renewed.credentials.expiration.getTime() - clock).toBeGreaterThan(PRESIGNED_SECONDS.upload * 1000);
  });

  it('keeps sessions of other roles and functions apart', async () => {
    const { calls, assume } = sts(Date.now);
    const sessionOf = tenantSessions(assume);
    const one = await sessionOf({ roleArn: role, sessionName: 'container-load', tenant: a });
    const two = await sessionOf({ roleArn: `${role}2`, sessionName: 'container-load', tenant: a });
    const three = await sessionOf({ roleArn: role, sessionName: 'document-find', tenant: a });
    expect(new Set([one, two, three]).size).toBe(3);
    expect(calls.map((c) => [c.roleArn, c.sessionName])).toEqual([
      [role, 'container-load'],
      [`${role}2`, 'container-load'],
      [role, 'document-find'],
    ]);
  });

  it('answers a failure of STS as a dependency that is unavailable (503), and asks again next time', async () => {
    let fail = true;
    const { calls, assume } = sts(Date.now);
    const sessionOf = tenantSessions(async (request) => {
      if (fail) throw Object.assign(new Error('not authorized to perform: sts:AssumeRole'), { name: 'AccessDenied' });
      return assume(request);
    });
    const request = { roleArn: role, sessionName: 'f', tenant: a };
    const error = await sessionOf(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionUnavailableError);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as SessionUnavailableError).cause).toMatchObject({ name: 'AccessDenied' });
    fail = false;
    expect((await sessionOf(request)).tenant).toEqual(a);
    expect(calls).toHaveLength(1);
  });

  it('refuses an answer without credentials rather than use it', async () => {
    const sessionOf = tenantSessions(async () => ({
      accessKeyId: '',
      secretAccessKey: '',
      sessionToken: '',
      expiration: undefined as unknown as Date,
    }));
    await expect(sessionOf({ roleArn: role, sessionName: 'f', tenant: a })).rejects.toBeInstanceOf(
      SessionUnavailableError,
    );
  });

  it(`keeps at most ${MAX_SESSIONS} sessions, letting the oldest go`, async () => {
    const { calls, assume } = sts(Date.now);
    const sessionOf = tenantSessions(assume);
    const tenants = Array.from({ length: MAX_SESSIONS + 1 }, (_, i) => ({ client: 'c', facility: `f${i}` }));
    for (const tenant of tenants) await sessionOf({ roleArn: role, sessionName: 'f', tenant });
    await sessionOf({ roleArn: role, sessionName: 'f', tenant: tenants.at(-1)! });
    expect(calls).toHaveLength(MAX_SESSIONS + 1);
    await sessionOf({ roleArn: role, sessionName: 'f', tenant: tenants[0]! });
    expect(calls).toHaveLength(MAX_SESSIONS + 2);
  });

  it('names a session after its function, as STS takes names', () => {
    expect(sessionNameOf('NmArchive-prod-Container-ContainerLoad1234-AbCdEf')).toBe(
      'NmArchive-prod-Container-ContainerLoad1234-AbCdEf',
    );
    expect(sessionNameOf('a b/c')).toBe('a-b-c');
    expect(sessionNameOf('x'.repeat(100))).toHaveLength(64);
    expect(sessionNameOf('x')).toBe('x-');
  });
});
