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
 *   docs/security.md);
 * - `LicenceExceeded`: material booked above the handling licence (an officer's LicenceExceeded: the month's report
 *   lists it; the authority is to be told, docs/material.md);
 * - one per event function that reports (shared/routes `eventFunctions` `alarm`): any reported count above 0 (the
 *   daily archive check's `ArchiveGaps`: an orphaned record object, a register line without its locked copy).
 *
 * A metric math alarm reads at most 10 metrics: a sum over more is split into alarms of 10 and
 * joined by a composite alarm of the same name. The dashboard adds the service's own metrics
 * (shared/metrics.ts, EMF): latency, 4xx and 5xx per route operation, and per maintenance operation
 * the step duration, what was processed and the failed steps.
 */
import { Stack } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmRule,
  ComparisonOperator,
  CompositeAlarm,
  MathExpression,
  Metric,
  TreatMissingData,
  type Dashboard,
  type IAlarm,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { METRIC, METRICS_SERVICE, OPERATION_DIMENSION } from '../shared/metrics';
import { type EventFunction, eventFunctions } from '../shared/routes';
import { stageDashboard } from './monitoring-dashboard';
import {
  chunks,
  MAX_METRICS_PER_ALARM,
  type MonitoringProps,
  PERIOD,
  stageMetrics,
  sumOf,
  type StageMetrics,
} from './monitoring-metrics';

/** The thresholds, the same on every stage. */
export const ALARM_THRESHOLDS = {
  /** Percent of the API's requests answered 5xx in five minutes, two periods of three. */
  serverErrorPercent: 1,
  /** Milliseconds, the API's p99 over five minutes, three periods in a row (a function times out at 10 s). */
  latencyP99Ms: 3000,
} as const;

export class Monitoring extends Construct {
  readonly dashboard: Dashboard;
  readonly topic: Topic;
  /** The alarms by name (`ServerErrorRate`, `LatencyP99`, `Throttles`, `FailedExecutions`, `DeadLetterQueueDepth`,
   * `SecurityEvents`, `LicenceExceeded`, and the event functions' own, `ArchiveGaps`). */
  readonly alarms: ReadonlyMap<string, IAlarm>;
  private readonly prefix: string;
  private readonly notify: SnsAction;
  private readonly watched = new Map<string, IAlarm>();

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.prefix = `${Stack.of(this).stackName}-`;
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `nm-archive ${props.stage} alarms`, enforceSSL: true });
    this.notify = new SnsAction(this.topic);
    const metrics = stageMetrics(props);
    this.watchServerErrors(metrics);
    this.watchLatency(metrics);
    this.watchAny(
      'Throttles',
      metrics.throttles,
      'Throttled: a function invocation, a table read or write, or a state transition.',
    );
    this.watchAny(
      'FailedExecutions',
      metrics.executions,
      "A maintenance operation's execution failed, timed out or was aborted (GET /service/executions/{id} tells " +
        'which step and why).',
    );
    this.watchAny(
      'DeadLetterQueueDepth',
      metrics.deadLetters,
      'An event failed every attempt and waits in a dead-letter queue.',
    );
    this.watchSecurityEvents(metrics);
    this.watchLicence(metrics);
    for (const event of eventFunctions) if (event.alarm) this.watchReports(event.name, event.alarm, metrics);
    this.alarms = this.watched;
    this.dashboard = stageDashboard(this, props.stage, metrics, [...this.watched.values()]);
  }

  /** Notifies the topic of `alarm` and keeps it by `name`. */
  private watch(name: string, alarm: IAlarm & { addAlarmAction?: Alarm['addAlarmAction'] }): void {
    alarm.addAlarmAction?.(this.notify);
    this.watched.set(name, alarm);
  }

  /** The API's 5xx answers in percent of its requests. */
  private watchServerErrors({ requests, serverErrors }: StageMetrics): void {
    this.watch(
      'ServerErrorRate',
      new Alarm(this, 'ServerErrorRate', {
        alarmName: `${this.prefix}ServerErrorRate`,
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
  }

  /** The API's p99 latency. */
  private watchLatency({ latencyP99 }: StageMetrics): void {
    this.watch(
      'LatencyP99',
      new Alarm(this, 'LatencyP99', {
        alarmName: `${this.prefix}LatencyP99`,
        alarmDescription: `The API's p99 latency above ${ALARM_THRESHOLDS.latencyP99Ms} ms for 15 minutes.`,
        metric: latencyP99,
        threshold: ALARM_THRESHOLDS.latencyP99Ms,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /** The second wall: any call IAM refused a function. */
  private watchSecurityEvents({ securityEvents }: StageMetrics): void {
    this.watch(
      'SecurityEvents',
      new Alarm(this, 'SecurityEvents', {
        alarmName: `${this.prefix}SecurityEvents`,
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
  }

  /** What an event function reports (its EMF counts under its name): any above 0. */
  private watchReports(operation: string, alarm: NonNullable<EventFunction['alarm']>, { namespace }: StageMetrics) {
    const reported = alarm.metrics.map(
      (name) =>
        new Metric({
          namespace,
          metricName: METRIC[name],
          dimensionsMap: { service: METRICS_SERVICE, [OPERATION_DIMENSION]: operation },
          period: PERIOD,
          statistic: 'Sum',
        }),
    );
    this.watchAny(alarm.name, reported, alarm.says);
  }

  /** Any booking above the licence. */
  private watchLicence({ licenceExceeded }: StageMetrics): void {
    this.watch(
      'LicenceExceeded',
      new Alarm(this, 'LicenceExceeded', {
        alarmName: `${this.prefix}LicenceExceeded`,
        alarmDescription:
          'Material was booked above the handling licence (StrlSchG § 12 Abs. 1 Nr. 3) by an officer: the item is ' +
          "flagged and listed in the month's report (docs/material.md).",
        metric: licenceExceeded,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /**
   * Alarms when the sum of `metrics` is above 0 in a period. Up to 10 metrics: one metric math alarm; more: one per 10
   * (`<name>1`, `<name>2`...) joined by a composite alarm named `name`, which alone notifies.
   */
  private watchAny(name: string, metrics: readonly IMetric[], description: string): void {
    if (!metrics.length) throw new Error(`${name}: nothing to watch`);
    const alarmName = `${this.prefix}${name}`;
    const parts = chunks(metrics, MAX_METRICS_PER_ALARM).map(
      (group, index, all) =>
        new Alarm(this, all.length === 1 ? name : `${name}${index + 1}`, {
          alarmName: all.length === 1 ? alarmName : `${alarmName}-${index + 1}`,
          alarmDescription: description,
          metric: sumOf(group, name),
          threshold: 0,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
    );
    this.watch(
      name,
      parts.length === 1
        ? parts[0]!
        : new CompositeAlarm(this, name, {
            compositeAlarmName: alarmName,
            alarmDescription: description,
            alarmRule: AlarmRule.anyOf(...parts),
          }),
    );
  }
}
