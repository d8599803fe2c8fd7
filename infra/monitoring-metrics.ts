/**
 * The metrics a stage is watched by (the metric factory of infra/monitoring.ts): the API's requests, errors and
 * latency, everything throttled, failed executions, dead letters, the second wall's security events, and the
 * service's own EMF metrics per operation (shared/metrics.ts). A CloudWatch metric math expression reads at most 10
 * metrics: sums are made in groups of 10.
 */
import { Duration } from 'aws-cdk-lib';
import { MathExpression, Metric, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { METRIC, METRICS_SERVICE, metricsNamespace, OPERATION_DIMENSION } from '../shared/metrics';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';

/** What a stage is watched over: the metrics' sources. */
export interface MonitoringProps {
  readonly stage: string;
  readonly api: HttpApi;
  readonly table: ITable;
  /** Every function of the stage (throttles). */
  readonly functions: readonly IFunction[];
  readonly stateMachines: ReadonlyMap<string, StateMachine>;
  readonly deadLetterQueues: readonly IQueue[];
}

export const PERIOD = Duration.minutes(5);

/** A metric math alarm reads at most this many metrics (a hard CloudWatch limit). */
export const MAX_METRICS_PER_ALARM = 10;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The sum of up to 10 metrics as one metric math expression. */
export function sumOf(metrics: readonly IMetric[], label: string, group = 0): MathExpression {
  // Ids unique across the groups, as a graph shows several sums.
  const usingMetrics = Object.fromEntries(metrics.map((metric, i) => [`g${group}m${i}`, metric]));
  return new MathExpression({
    expression: `SUM([${Object.keys(usingMetrics).join(',')}])`,
    usingMetrics,
    label,
    period: PERIOD,
  });
}

/** A graph's lines: the sums of groups of 10 (a graph's expression reads the same metrics an alarm would). */
export const sums = (metrics: readonly IMetric[], label: string) =>
  chunks(metrics, MAX_METRICS_PER_ALARM).map((group, i, all) =>
    sumOf(group, all.length === 1 ? label : `${label} (${i + 1})`, i),
  );

/** Every metric the alarms and the dashboard read, made once. */
export function stageMetrics({ stage, api, table, functions, stateMachines, deadLetterQueues }: MonitoringProps) {
  const namespace = metricsNamespace(stage);
  const machines = [...stateMachines.values()];
  return {
    namespace,
    // API Gateway's own metrics, so a function that never answers counts too.
    requests: api.metricCount({ period: PERIOD, statistic: 'Sum' }),
    serverErrors: api.metricServerError({ period: PERIOD, statistic: 'Sum' }),
    clientErrors: () => api.metricClientError({ period: PERIOD, statistic: 'Sum' }),
    latencyP50: () => api.metricLatency({ period: PERIOD, statistic: 'p50' }),
    latencyP99: api.metricLatency({ period: PERIOD, statistic: 'p99' }),
    /** Invocations of the functions, the table's reads and writes, state transitions. */
    throttles: [
      ...functions.map((fn) => fn.metricThrottles({ period: PERIOD, statistic: 'Sum' })),
      table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
      table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
      ...machines.map((machine) => machine.metricThrottled({ period: PERIOD, statistic: 'Sum' })),
    ] as IMetric[],
    executions: machines.flatMap((machine) => [
      machine.metricFailed({ period: PERIOD, statistic: 'Sum' }),
      machine.metricTimedOut({ period: PERIOD, statistic: 'Sum' }),
      machine.metricAborted({ period: PERIOD, statistic: 'Sum' }),
    ]),
    deadLetters: deadLetterQueues.map((queue) =>
      queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
    ),
    /** The second wall: a function's call that IAM refused (shared/metrics.ts, under the service alone). */
    securityEvents: new Metric({
      namespace,
      metricName: METRIC.securityEvents,
      dimensionsMap: { service: METRICS_SERVICE },
      period: PERIOD,
      statistic: 'Sum',
    }),
    /** Material booked above the licence by an officer's LicenceExceeded (shared/metrics.ts, under the service). */
    licenceExceeded: new Metric({
      namespace,
      metricName: METRIC.licenceExceeded,
      dimensionsMap: { service: METRICS_SERVICE },
      period: PERIOD,
      statistic: 'Sum',
    }),
    /** The service's own metric per operation (EMF), found by search. */
    search: (metric: string, statistic: string, label: string) =>
      new MathExpression({
        expression:
          `SEARCH('{${namespace},${OPERATION_DIMENSION},service} service="${METRICS_SERVICE}" ` +
          `MetricName="${metric}"', '${statistic}', ${PERIOD.toSeconds()})`,
        label,
        period: PERIOD,
      }),
  };
}
export type StageMetrics = ReturnType<typeof stageMetrics>;
