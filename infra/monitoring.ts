/**
 * What a stage needs to be watched: one CloudWatch dashboard and the alarms, all notifying one SNS
 * topic (subscribe to it: docs/deploy.md). The alarms:
 *
 * - `ServerErrorRate`: the API's 5xx answers, in percent of its requests (API Gateway's metrics);
 * - `LatencyP99`: the API's p99 latency;
 * - `Throttles`: any throttled invocation of the stage's functions, any throttled read or write of
 *   the table, any throttled state transition;
 * - `FailedExecutions`: any maintenance execution that failed, timed out or was aborted;
 * - `DeadLetterQueueDepth`: any message in a dead-letter queue (an event that failed every attempt);
 * - `SecurityEvents`: any call IAM refused a function (the second wall of tenant isolation caught one:
 *   docs/security.md).
 *
 * A metric math alarm reads at most 10 metrics: a sum over more is split into alarms of 10 and
 * joined by a composite alarm of the same name. The dashboard adds the service's own metrics
 * (shared/metrics.ts, EMF): latency, 4xx and 5xx per route operation, and per maintenance operation
 * the step duration, what was processed and the failed steps.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmRule,
  AlarmStatusWidget,
  ComparisonOperator,
  CompositeAlarm,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IAlarm,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { METRIC, METRICS_SERVICE, metricsNamespace, OPERATION_DIMENSION } from '../shared/metrics';

/** The thresholds, the same on every stage. */
const ALARM_THRESHOLDS = {
  /** Percent of the API's requests answered 5xx in five minutes, two periods of three. */
  serverErrorPercent: 1,
  /** Milliseconds, the API's p99 over five minutes, three periods in a row (a function times out at 10 s). */
  latencyP99Ms: 3000,
} as const;

/** A metric math alarm reads at most this many metrics (a hard CloudWatch limit). */
const MAX_METRICS_PER_ALARM = 10;

const PERIOD = Duration.minutes(5);

export interface MonitoringProps {
  readonly stage: string;
  readonly api: HttpApi;
  readonly table: ITable;
  /** Every function of the stage (throttles). */
  readonly functions: readonly IFunction[];
  readonly stateMachines: ReadonlyMap<string, StateMachine>;
  readonly deadLetterQueues: readonly IQueue[];
}

export class Monitoring extends Construct {
  readonly dashboard: Dashboard;
  readonly topic: Topic;
  /** The alarms by name (`ServerErrorRate`, `LatencyP99`, `Throttles`, `FailedExecutions`, `DeadLetterQueueDepth`,
   * `SecurityEvents`). */
  readonly alarms: ReadonlyMap<string, IAlarm>;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage, api, table } = props;
    const prefix = `${Stack.of(this).stackName}-`;
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `nm-archive ${stage} alarms`, enforceSSL: true });
    const notify = new SnsAction(this.topic);
    const alarms = new Map<string, IAlarm>();
    const watch = (name: string, alarm: IAlarm & { addAlarmAction?: Alarm['addAlarmAction'] }) => {
      alarm.addAlarmAction?.(notify);
      alarms.set(name, alarm);
      return alarm;
    };

    // The API: 5xx in percent of requests, and p99 latency (API Gateway's own metrics, so a function
    // that never answers counts too).
    const requests = api.metricCount({ period: PERIOD, statistic: 'Sum' });
    const serverErrors = api.metricServerError({ period: PERIOD, statistic: 'Sum' });
    watch(
      'ServerErrorRate',
      new Alarm(this, 'ServerErrorRate', {
        alarmName: `${prefix}ServerErrorRate`,
        alarmDescription:
          `More than ${ALARM_THRESHOLDS.serverErrorPercent} % of the API's requests answered 5xx (two ` +
          `5-minute periods of three).`,
        metric: new MathExpression({
          expression: 'IF(requests > 0, 100 * errors / requests, 0)',
          usingMetrics: { requests, errors: serverErrors },
          label: '5xx %',
          period: PERIOD,
        }),
        threshold: ALARM_THRESHOLDS.serverErrorPercent,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    const latencyP99 = api.metricLatency({ period: PERIOD, statistic: 'p99' });
    watch(
      'LatencyP99',
      new Alarm(this, 'LatencyP99', {
        alarmName: `${prefix}LatencyP99`,
        alarmDescription: `The API's p99 latency above ${ALARM_THRESHOLDS.latencyP99Ms} ms for 15 minutes.`,
        metric: latencyP99,
        threshold: ALARM_THRESHOLDS.latencyP99Ms,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    // Anything throttled: invocations of the functions, the table's reads and writes, state transitions.
    const throttles: IMetric[] = [
      ...props.functions.map((fn) => fn.metricThrottles({ period: PERIOD, statistic: 'Sum' })),
      table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
      table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
      ...[...props.stateMachines.values()].map((machine) =>
        machine.metricThrottled({ period: PERIOD, statistic: 'Sum' }),
      ),
    ];
    watch(
      'Throttles',
      this.anyAbove(
        'Throttles',
        `${prefix}Throttles`,
        throttles,
        'Throttled: a function invocation, a table read or write, or a state transition.',
      ),
    );

    const executions = [...props.stateMachines.values()].flatMap((machine) => [
      machine.metricFailed({ period: PERIOD, statistic: 'Sum' }),
      machine.metricTimedOut({ period: PERIOD, statistic: 'Sum' }),
      machine.metricAborted({ period: PERIOD, statistic: 'Sum' }),
    ]);
    watch(
      'FailedExecutions',
      this.anyAbove(
        'FailedExecutions',
        `${prefix}FailedExecutions`,
        executions,
        "A maintenance operation's execution failed, timed out or was aborted (GET /service/executions/{id} tells " +
          'which step and why).',
      ),
    );

    const depth = props.deadLetterQueues.map((queue) =>
      queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
    );
    watch(
      'DeadLetterQueueDepth',
      this.anyAbove(
        'DeadLetterQueueDepth',
        `${prefix}DeadLetterQueueDepth`,
        depth,
        'An event failed every attempt and waits in a dead-letter queue.',
      ),
    );
    // The second wall: a function's call that IAM refused (shared/metrics.ts, under the service alone).
    const namespace = metricsNamespace(stage);
    const securityEvents = new Metric({
      namespace,
      metricName: METRIC.securityEvents,
      dimensionsMap: { service: METRICS_SERVICE },
      period: PERIOD,
      statistic: 'Sum',
    });
    watch(
      'SecurityEvents',
      new Alarm(this, 'SecurityEvents', {
        alarmName: `${prefix}SecurityEvents`,
        alarmDescription:
          "IAM refused a function's call: a request reached for data its tenant session does not cover (the log line " +
          "'security event: IAM refused a call' names it; docs/security.md says what to do).",
        metric: securityEvents,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    this.alarms = alarms;

    // The service's own metrics (EMF, shared/metrics.ts), per operation, found by search.
    const search = (metric: string, statistic: string, label: string) =>
      new MathExpression({
        expression:
          `SEARCH('{${namespace},${OPERATION_DIMENSION},service} service="${METRICS_SERVICE}" ` +
          `MetricName="${metric}"', '${statistic}', ${PERIOD.toSeconds()})`,
        label,
        period: PERIOD,
      });
    const width = 12;
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `nm-archive-${stage}`,
      defaultInterval: Duration.hours(6),
      widgets: [
        [
          new TextWidget({
            markdown:
              `# nm-archive ${stage}\nAlarms notify the SNS topic of the stack output \`AlarmTopicArn\`. Route ` +
              `and step metrics: namespace \`${namespace}\`, dimension \`${OPERATION_DIMENSION}\`.`,
            width: 24,
            height: 2,
          }),
        ],
        [new AlarmStatusWidget({ title: 'Alarms', alarms: [...alarms.values()], width: 24, height: 3 })],
        [
          new GraphWidget({
            title: 'API requests, 4xx, 5xx',
            left: [requests, api.metricClientError({ period: PERIOD, statistic: 'Sum' }), serverErrors],
            width,
            height: 6,
          }),
          new GraphWidget({
            title: 'API latency',
            left: [api.metricLatency({ period: PERIOD, statistic: 'p50' }), latencyP99],
            width,
            height: 6,
          }),
        ],
        [
          new GraphWidget({
            title: 'p99 latency per route (ms)',
            left: [search(METRIC.latency, 'p99', '')],
            width,
            height: 6,
          }),
          new GraphWidget({
            title: '5xx and 4xx per route',
            left: [search(METRIC.serverErrors, 'Sum', '5xx')],
            right: [search(METRIC.clientErrors, 'Sum', '4xx')],
            width,
            height: 6,
          }),
        ],
        [
          new GraphWidget({
            title: 'Maintenance steps: duration (max, ms)',
            left: [search(METRIC.stepDuration, 'Maximum', '')],
            width: 8,
            height: 6,
          }),
          new GraphWidget({
            title: 'Maintenance steps: processed',
            left: [search(METRIC.processed, 'Sum', '')],
            width: 8,
            height: 6,
          }),
          new GraphWidget({
            title: 'Maintenance steps: failed',
            left: [search(METRIC.stepFailures, 'Sum', '')],
            width: 8,
            height: 6,
          }),
        ],
        [
          new GraphWidget({ title: 'Throttles', left: sums(throttles, 'throttles'), width: 8, height: 6 }),
          new GraphWidget({
            title: 'Executions failed, timed out, aborted',
            left: sums(executions, 'executions'),
            width: 8,
            height: 6,
          }),
          new GraphWidget({
            title: 'Dead-letter queues (messages)',
            left: sums(depth, 'messages'),
            width: 8,
            height: 6,
          }),
        ],
        [
          new GraphWidget({
            title: 'Security events (calls IAM refused)',
            left: [securityEvents],
            width: 24,
            height: 4,
          }),
        ],
      ],
    });
  }

  /**
   * Alarms when the sum of `metrics` is above 0 in a period. Up to 10 metrics: one metric math
   * alarm; more: one per 10 (`<id>1`, `<id>2`...) joined by a composite alarm named `name`, which
   * alone notifies.
   */
  private anyAbove(id: string, name: string, metrics: readonly IMetric[], description: string): IAlarm {
    if (!metrics.length) throw new Error(`${id}: nothing to watch`);
    const parts = chunks(metrics, MAX_METRICS_PER_ALARM).map((group, index, all) => {
      const alarm = new Alarm(this, all.length === 1 ? id : `${id}${index + 1}`, {
        alarmName: all.length === 1 ? name : `${name}-${index + 1}`,
        alarmDescription: description,
        metric: sumOf(group, id),
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      return alarm;
    });
    if (parts.length === 1) return parts[0]!;
    return new CompositeAlarm(this, id, {
      compositeAlarmName: name,
      alarmDescription: description,
      alarmRule: AlarmRule.anyOf(...parts),
    });
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The sum of up to 10 metrics as one metric math expression. */
function sumOf(metrics: readonly IMetric[], label: string, group = 0): MathExpression {
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
const sums = (metrics: readonly IMetric[], label: string) =>
  chunks(metrics, MAX_METRICS_PER_ALARM).map((group, i, all) =>
    sumOf(group, all.length === 1 ? label : `${label} (${i + 1})`, i),
  );
