/**
 * infra/local/faults.ts, the fault switch's own parts: what `--faults` takes, the seeded draws that make a random run
 * repeatable, and the control endpoint. What the middleware does to the functions' calls is the fault matrix's
 * (test/contract/faults.test.ts), over the runtime the tests start with `--faults control`.
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createFaultControl } from '../../../infra/local/fault-control';
import { decide, endScope, parseFaults, scopeCalls, seeded, setScope } from '../../../infra/local/fault-rules';

describe('the fault switch', () => {
  it('takes rules (the Nth call of a service and command, a fault, of one function or any) and random rates', () => {
    expect(parseFaults('dynamodb:TransactWriteItems#2=timeout; s3:PutObject#1=crash@route:container.release')).toEqual({
      rules: [
        { service: 'dynamodb', command: 'TransactWriteItems', nth: 2, fault: 'timeout' },
        { service: 's3', command: 'PutObject', nth: 1, fault: 'crash', fn: 'route:container.release' },
      ],
    });
    expect(parseFaults('random:seed=7,dynamodb=0.02,s3=0.01:throttle')).toEqual({
      rules: [],
      random: {
        seed: 7,
        rates: { dynamodb: { rate: 0.02, fault: 'throttle' }, s3: { rate: 0.01, fault: 'throttle' } },
      },
    });
    expect(parseFaults('random:seed=1,s3=0.5').random?.rates).toEqual({ s3: { rate: 0.5, fault: '500' } });
    expect(parseFaults('s3:HeadObject#1=down').rules).toEqual([
      { service: 's3', command: 'HeadObject', nth: 1, fault: 'down' },
    ]);
    for (const wrong of ['dynamodb:PutItem=throttle', 'sqs:Send#1=500', 'dynamodb:PutItem#1=melt', 'random:s3=1:melt'])
      expect(() => parseFaults(wrong), wrong).toThrow();
  });

  it('draws the same faults for the same seed, and about the share asked for', () => {
    const draws = (seed: number) => Array.from({ length: 10_000 }, seeded(seed));
    expect(draws(38)).toEqual(draws(38));
    expect(draws(38)).not.toEqual(draws(39));
    const share = draws(38).filter((d) => d < 0.02).length / 10_000;
    expect(share).toBeGreaterThan(0.015);
    expect(share).toBeLessThan(0.025);
  });

  it("counts and traces a call once, whatever the SDK's retries of it: a position is not moved by a transient", () => {
    const scope = 'client-retried0001';
    const head = { request: { path: `/documents/${scope}/facility/file.pdf` } };
    setScope(scope, { trace: true, rules: [{ service: 's3', command: 'HeadObject', nth: 2, fault: '500' }] });
    try {
      expect(decide('event:document.fileStored', 's3', 'HeadObject', head)).toBeUndefined();
      // The SDK sends the first call again (its socket was reset): still the first call.
      expect(decide('event:document.fileStored', 's3', 'HeadObject', head, true)).toBeUndefined();
      expect(decide('event:document.fileStored', 's3', 'HeadObject', head)).toBe('500');
      expect(scopeCalls(scope).map((c) => c.fault ?? 'none')).toEqual(['none', '500']);
    } finally {
      endScope(scope);
    }
  });

  it('is set per scope over its control endpoint, which answers what a scope traced and was injected', async () => {
    const server = createFaultControl();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const scope = `${base}/scopes/client-0123456789`;
      expect((await fetch(scope, { method: 'PUT', body: JSON.stringify({ trace: true }) })).status).toBe(204);
      expect(await (await fetch(scope)).json()).toEqual({ calls: [] });
      expect((await fetch(scope, { method: 'PUT', body: '{not json' })).status).toBe(400);
      expect((await fetch(`${base}/scopes/short`)).status).toBe(404);
      expect((await fetch(scope, { method: 'DELETE' })).status).toBe(204);
      expect(await (await fetch(`${base}/injected`)).json()).toEqual(expect.any(Object));
    } finally {
      server.close();
    }
  });
});
