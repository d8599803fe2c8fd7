/**
 * The EMF lines the Middy stack writes (shared/metrics.ts): per request the latency and 0/1 for a client and a server
 * error under the route's operation (the maintenance step's: operations/step-handler.test.ts). Captured as Powertools
 * serializes them (test/support/emf.ts).
 */
import { describe, expect, it } from 'vitest';
import { httpHandler } from '../../shared/http/handler';
import { AppError } from '../../shared/errors';
import { containerRoutes } from '../../shared/routes/containers';
import { lambdaContext } from '../../infra/local/lambda';
import { metricsNamespace, METRIC } from '../../shared/metrics';
import { capturedEmf, emfValues as values } from '../support/emf';
import { apiEvent } from '../support/events';

const lines = capturedEmf();

const event = () =>
  apiEvent({
    rawPath: '/waste-management/api/v1/c1/f1/container/u1',
    pathParameters: { clientUuid: 'c1', facilityUuid: 'f1', uuid: 'u1' },
  });

const route = containerRoutes.load;
const answer = (fn: () => Promise<unknown>) =>
  httpHandler(route, async () => ({ body: await fn() }))(event(), lambdaContext('load'));

describe('route metrics (EMF) from the one Middy stack', () => {
  it('writes latency, 4xx 0 and 5xx 0 under the operation for a 200', async () => {
    const result = await answer(async () => ({}));
    expect(result.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    const directive = line!._aws.CloudWatchMetrics[0]!;
    expect(directive.Namespace).toBe(metricsNamespace('local'));
    expect(directive.Dimensions).toEqual([['service', 'operation']]);
    expect(line!.operation).toBe(route.operation);
    expect(directive.Metrics).toEqual(
      expect.arrayContaining([
        { Name: METRIC.latency, Unit: 'Milliseconds' },
        { Name: METRIC.clientErrors, Unit: 'Count' },
        { Name: METRIC.serverErrors, Unit: 'Count' },
      ]),
    );
    expect(values(line!)).toMatchObject({ [METRIC.clientErrors]: 0, [METRIC.serverErrors]: 0 });
    expect(values(line!)[METRIC.latency]).toBeGreaterThanOrEqual(0);
  });

  it('counts the status the client gets: a 404 is a client error, an unexpected exception a server error', async () => {
    expect(
      (
        await answer(async () => {
          throw new AppError(404, 'container.not_found');
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await answer(async () => {
          throw new Error('boom');
        })
      ).statusCode,
    ).toBe(500);
    expect(lines.map(values).map((v) => [v[METRIC.clientErrors], v[METRIC.serverErrors]])).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it('counts a request the stack refuses before the handler (another tenant: 403)', async () => {
    const other = event();
    other.pathParameters = { clientUuid: 'c2', facilityUuid: 'f1', uuid: 'u1' };
    expect((await httpHandler(route, async () => ({ body: {} }))(other, lambdaContext('load'))).statusCode).toBe(403);
    expect(values(lines[0]!)).toMatchObject({ [METRIC.clientErrors]: 1, [METRIC.serverErrors]: 0 });
  });
});
