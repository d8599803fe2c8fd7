/**
 * shared/http/start-operation.ts in-process, on the runtime's Step Functions endpoint: a /service start route's
 * handler starts its operation's execution with the query's options and answers it; a query it cannot take is 400
 * and starts nothing. (Over HTTP, with the operator's token: test/contract/operations.test.ts.)
 */
import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { stateMachineArnOf } from '../../infra/local/environment';
import { lambdaContext } from '../../infra/local/lambda';
import { toAuthorizerContext } from '../../shared/auth/claims';
import { environmentOf } from '../../shared/config';
import type { ApiEvent } from '../../shared/http/types';
import { operations } from '../../shared/routes/operations';
import { EXECUTION_ID_PATTERN } from '../../shared/schemas/operation';
import { runtime } from '../support/api';
import { apiEvent } from '../support/events';
import { localSfn } from '../support/executions';

let startHandler: typeof import('../../shared/http/start-operation').startHandler;
beforeAll(async () => {
  Object.assign(process.env, {
    ...environmentOf({
      stepFunctionsEndpoint: runtime().stepFunctionsEndpoint,
      region: runtime().region,
      stateMachineArns: JSON.stringify(Object.fromEntries(operations.map((o) => [o.name, stateMachineArnOf(o.name)]))),
    }),
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  });
  // Its Step Functions client is made as its module loads: with the endpoint above.
  ({ startHandler } = await import('../../shared/http/start-operation'));
});

/** An operator's request of a start route. */
function operatorEvent(path: string, query: string, pathParameters: Record<string, string> = {}): ApiEvent {
  const event = apiEvent({ rawPath: path, pathParameters });
  event.rawQueryString = query;
  event.requestContext.authorizer = {
    lambda: toAuthorizerContext({
      sub: 'op',
      name: undefined,
      clients: [],
      facilities: [],
      roles: ['operator'],
      exp: Math.floor(Date.now() / 1000) + 60,
    }),
  } as never;
  return event;
}

describe('a start route', () => {
  it("starts its operation's execution for the path's client, a dry run when asked, and answers it", async () => {
    const client = randomUUID();
    const answer = await startHandler('exportRecords')(
      operatorEvent(`/service/export-records/${client}`, 'dryRun=true', { clientUuid: client }),
      lambdaContext('start-export-records'),
    );
    expect(answer.statusCode).toBe(200);
    const body = JSON.parse(answer.body!);
    expect(body).toMatchObject({ Operation: 'exportRecords', DryRun: true });
    expect(EXECUTION_ID_PATTERN.exec(body.ExecutionId)?.[1]).toBe('export-records');
    expect(body.Notifications[0].Message).toBe('operation.started');
    const execution = await localSfn().send(new DescribeExecutionCommand({ executionArn: body.ExecutionArn }));
    expect(JSON.parse(execution.input!)).toEqual({ client, dryRun: true });
  });

  it('refuses segments out of range, or an import from something that is no export folder, with 400', async () => {
    const client = randomUUID();
    for (const [name, path, query, params] of [
      ['regenerateSequenceMemory', '/service/regenerate-sequence-memory', 'segments=0', {}],
      ['importRecords', `/service/import-records/${client}`, 'from=..%2Fsecrets', { clientUuid: client }],
    ] as const) {
      const answer = await startHandler(name)(operatorEvent(path, query, params), lambdaContext('start'));
      expect(answer.statusCode, name).toBe(400);
    }
  });

  it('exists for the maintenance operations only', () => {
    // @ts-expect-error the name is typed by the operations list; a name from elsewhere still throws at once
    expect(() => startHandler('dropTable')).toThrow(/dropTable is not a maintenance operation/);
  });
});
