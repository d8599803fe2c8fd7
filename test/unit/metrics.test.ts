/**
 * The EMF lines the Middy stack and the step handler write (shared/metrics.ts): per request the
 * latency and 0/1 for a client and a server error under the route's operation; per maintenance
 * step its duration, what it processed and 0/1 for a failure. Captured as Powertools serializes
 * them (vitest disables the output itself).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpHandler } from '../../shared/http/handler';
import { AppError } from '../../shared/errors';
import { containerRoutes } from '../../shared/routes/containers';
import { lambdaContext } from '../../infra/local/lambda';
import { metrics as metricsInstance, metricsNamespace, METRIC } from '../../shared/metrics';
import { processedBy } from '../../shared/operations/run-step';
import { stepHandler } from '../../shared/operations/step-handler';
import type { Operation } from '../../shared/operations/step';
import { apiEvent } from '../support/events';

const metrics = metricsInstance();
type Emf = ReturnType<typeof metrics.serializeMetrics> & Record<string, unknown>;
let lines: Emf[] = [];
beforeEach(() => {
  lines = [];
  vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
    lines.push(metrics.serializeMetrics() as Emf);
    metrics.clearMetrics();
    metrics.clearDimensions();
    return metrics;
  });
});
afterEach(() => vi.restoreAllMocks());

const event = () =>
  apiEvent({
    rawPath: '/waste-management/api/v1/c1/f1/container/u1',
    pathParameters: { clientUuid: 'c1', facilityUuid: 'f1', uuid: 'u1' },
  });

const route = containerRoutes.load;
const answer = (fn: () => Promise<unknown>) =>
  httpHandler(route, async () => ({ body: await fn() }))(event(), lambdaContext('load'));
const values = (line: Emf) =>
  Object.fromEntries(line._aws.CloudWatchMetrics[0]!.Metrics.map((m) => [m.Name, line[m.Name]]));

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

describe('maintenance step metrics (EMF) from the step handler builder', () => {
  const operation = (fail: boolean): Operation<{ n: number }> => ({
    name: 'regenerateSequenceMemory',
    initial: () => ({ n: 0 }),
    step: async (state) => {
      if (fail) throw Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
      return { state: { n: state.n + 1 }, done: false, progress: { phase: 'partitions', processed: 30 } };
    },
  });

  it('writes the step duration, what this step processed and 0 failures under the operation', async () => {
    await stepHandler(operation(false))(
      { progress: { phase: 'partitions', processed: 10 }, state: { n: 1 } },
      lambdaContext('step'),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.operation).toBe('regenerateSequenceMemory');
    expect(values(lines[0]!)).toMatchObject({ [METRIC.processed]: 20, [METRIC.stepFailures]: 0 });
    expect(values(lines[0]!)[METRIC.stepDuration]).toBeGreaterThanOrEqual(0);
  });

  it('counts a failed step and rethrows its error for the state machine', async () => {
    await expect(stepHandler(operation(true))({}, lambdaContext('step'))).rejects.toThrow('throttled');
    expect(values(lines[0]!)).toMatchObject({ [METRIC.processed]: 0, [METRIC.stepFailures]: 1 });
  });

  it("takes a new phase's count as processed by this step", () => {
    expect(processedBy({ phase: 'a', processed: 50 }, { phase: 'b', processed: 5 })).toBe(5);
    expect(processedBy(undefined, { phase: 'a', processed: 7 })).toBe(7);
    expect(processedBy({ phase: 'a', processed: 9 }, { phase: 'a', processed: 9 })).toBe(0);
  });
});
