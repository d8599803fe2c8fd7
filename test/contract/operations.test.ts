/** The /service routes over HTTP: operator access, and an execution that runs to its end on the local Step Functions endpoint. */
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { call, createDocument, errorOf, eventually, newTenant, runtime, token } from '../support/api';

const START = '/service/regenerate-sequence-memory';

describe('maintenance operations', () => {
  it('need a token with role operator: 401 without one, 403 without the role', async () => {
    expect(errorOf(await call('GET', START)).Message).toBe('auth.token_missing');
    const forbidden = await call('GET', START, { token: token({ clients: ['c'], facilities: ['f'], roles: ['rpo', 'reporter'] }) });
    expect([forbidden.status, errorOf(forbidden).Message]).toEqual([403, 'auth.role_required']);
  });

  it('start an execution that runs to its end and keeps the report (a dry run: it changes nothing)', async () => {
    await createDocument(newTenant(), { Scope: 'DEVICE', ScopeReference: 'd-1', Filename: 'a.pdf' });
    const started = await call('GET', `${START}?dryRun=true`, { token: token({ roles: ['operator'] }) });
    expect(started.status, started.text).toBe(200);
    const sfn = new SFNClient({ endpoint: runtime().stepFunctionsEndpoint, region: runtime().region, credentials: LOCAL_CREDENTIALS });
    const finished = await eventually(async () => {
      const execution = await sfn.send(new DescribeExecutionCommand({ executionArn: started.body.ExecutionArn }));
      return execution.status === 'RUNNING' ? undefined : execution;
    }, 20_000);
    expect(finished.status).toBe('SUCCEEDED');
    const output = JSON.parse(finished.output!);
    expect(output).toMatchObject({ done: true, dryRun: true, result: { dryRun: true, partitions: expect.any(Number), counters: expect.any(Object), buckets: expect.any(Object) } });
    expect(output.result.partitions).toBeGreaterThan(0);
  });
});
