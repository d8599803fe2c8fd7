/** The stage's dashboard (infra/monitoring.ts): the alarms, the API, each route and maintenance step, what failed. */
import { Duration } from 'aws-cdk-lib';
import { AlarmStatusWidget, Dashboard, GraphWidget, TextWidget, type IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { METRIC, OPERATION_DIMENSION } from '../shared/metrics';
import { sums, type StageMetrics } from './monitoring-metrics';

export function stageDashboard(scope: Construct, stage: string, metrics: StageMetrics, alarms: readonly IAlarm[]) {
  const { namespace, search } = metrics;
  const width = 12;
  return new Dashboard(scope, 'Dashboard', {
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
      [new AlarmStatusWidget({ title: 'Alarms', alarms: [...alarms], width: 24, height: 3 })],
      [
        new GraphWidget({
          title: 'API requests, 4xx, 5xx',
          left: [metrics.requests, metrics.clientErrors(), metrics.serverErrors],
          width,
          height: 6,
        }),
        new GraphWidget({ title: 'API latency', left: [metrics.latencyP50(), metrics.latencyP99], width, height: 6 }),
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
        new GraphWidget({ title: 'Throttles', left: sums(metrics.throttles, 'throttles'), width: 8, height: 6 }),
        new GraphWidget({
          title: 'Executions failed, timed out, aborted',
          left: sums(metrics.executions, 'executions'),
          width: 8,
          height: 6,
        }),
        new GraphWidget({
          title: 'Dead-letter queues (messages)',
          left: sums(metrics.deadLetters, 'messages'),
          width: 8,
          height: 6,
        }),
      ],
      [
        new GraphWidget({
          title: 'Security events (calls IAM refused)',
          left: [metrics.securityEvents],
          width: 24,
          height: 4,
        }),
      ],
    ],
  });
}
