/** The dashboard and the alarms of each stage (infra/monitoring.ts), all notifying one topic. */
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { eventFunctions } from '../../../shared/routes';
import { operations } from '../../../shared/routes/operations';
import { STAGES } from '../../../infra/stages';
import { type Resource, stageOf } from '../support/stack';

describe.each(STAGES)('monitoring (%s)', (stage) => {
  const { stack, template, idOf, ownFnIds } = stageOf(stage);

  type MetricQuery = {
    Id: string;
    Expression?: string;
    MetricStat?: {
      Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] };
      Stat: string;
    };
  };
  const alarms = template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>;
  const composites = template.findResources('AWS::CloudWatch::CompositeAlarm') as Record<string, Resource>;
  const topicRef = { Ref: idOf(stack.monitoring.topic) };
  const alarmNamed = (name: string) =>
    Object.values(alarms).find((a) => a.Properties.AlarmName === `NmArchive-${stage}-${name}`);
  /** The alarms a name stands for: itself, or the parts its composite alarm joins. */
  const partsOf = (name: string): Resource[] => {
    const single = alarmNamed(name);
    if (single) return [single];
    const composite = Object.values(composites).find((a) => a.Properties.AlarmName === `NmArchive-${stage}-${name}`);
    expect(composite, name).toBeDefined();
    const joined = (composite!.Properties.AlarmRule as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    const parts = joined.flatMap((part) =>
      (part as { 'Fn::GetAtt'?: string[] })['Fn::GetAtt']
        ? [alarms[(part as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!]!]
        : [],
    );
    expect(parts.length, name).toBeGreaterThan(1);
    return parts;
  };
  const metricsOf = (alarm: Resource) =>
    ((alarm.Properties.Metrics ?? []) as MetricQuery[]).filter((q) => q.MetricStat).map((q) => q.MetricStat!);
  const dimension = (stat: { Metric: { Dimensions?: { Name: string; Value: unknown }[] } }, name: string) =>
    stat.Metric.Dimensions?.find((d) => d.Name === name)?.Value;
  const notifies = (alarm: Resource) => JSON.stringify(alarm.Properties.AlarmActions) === JSON.stringify([topicRef]);

  it('alarms on the 5xx rate of the API, in percent of its requests, and notifies the alarm topic', () => {
    const alarm = alarmNamed('ServerErrorRate')!;
    expect(alarm).toBeDefined();
    expect(notifies(alarm)).toBe(true);
    const stats = metricsOf(alarm);
    expect(stats.map((s) => `${s.Metric.Namespace} ${s.Metric.MetricName} ${s.Stat}`).sort()).toEqual([
      'AWS/ApiGateway 5xx Sum',
      'AWS/ApiGateway Count Sum',
    ]);
    for (const stat of stats) expect(dimension(stat, 'ApiId')).toEqual({ Ref: idOf(stack.api) });
    expect((alarm.Properties.Metrics as MetricQuery[]).find((q) => q.Expression)?.Expression).toContain(
      '100 * errors / requests',
    );
    expect(alarm.Properties).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('alarms on the p99 latency of the API', () => {
    const alarm = alarmNamed('LatencyP99')!;
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Dimensions: [{ Name: 'ApiId', Value: { Ref: idOf(stack.api) } }],
    });
    expect(notifies(alarm)).toBe(true);
  });

  it("alarms on any throttle: every function, the table's reads and writes, every state machine", () => {
    const stats = partsOf('Throttles').flatMap(metricsOf);
    const throttledFunctions = stats
      .filter((s) => s.Metric.Namespace === 'AWS/Lambda' && s.Metric.MetricName === 'Throttles')
      .map((s) => (dimension(s, 'FunctionName') as { Ref: string }).Ref);
    expect(throttledFunctions.sort()).toEqual([...new Set(ownFnIds)].sort());
    expect(
      stats
        .filter((s) => s.Metric.Namespace === 'AWS/DynamoDB' && dimension(s, 'TableName') !== undefined)
        .map((s) => s.Metric.MetricName)
        .sort(),
    ).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    expect(
      stats.filter((s) => s.Metric.Namespace === 'AWS/States' && s.Metric.MetricName === 'ExecutionThrottled'),
    ).toHaveLength(operations.length);
  });

  it('alarms on every failed, timed-out or aborted maintenance execution', () => {
    const stats = partsOf('FailedExecutions').flatMap(metricsOf);
    for (const op of operations) {
      const arn = { Ref: idOf(stack.stateMachines.get(op.name)!) };
      const names = stats
        .filter((s) => JSON.stringify(dimension(s, 'StateMachineArn')) === JSON.stringify(arn))
        .map((s) => s.Metric.MetricName)
        .sort();
      expect(names, op.name).toEqual(['ExecutionsAborted', 'ExecutionsFailed', 'ExecutionsTimedOut']);
    }
  });

  it('alarms on any message in a dead-letter queue', () => {
    const stats = partsOf('DeadLetterQueueDepth').flatMap(metricsOf);
    expect(stack.deadLetterQueues.length).toBe(eventFunctions.length);
    expect(stats.map((s) => (dimension(s, 'QueueName') as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]).sort()).toEqual(
      stack.deadLetterQueues.map((q) => idOf(q)).sort(),
    );
    expect(
      stats.every((s) => s.Metric.MetricName === 'ApproximateNumberOfMessagesVisible' && s.Stat === 'Maximum'),
    ).toBe(true);
  });

  it('alarms on any security event: a call IAM refused a function (the second wall caught one)', () => {
    const alarm = alarmNamed('SecurityEvents')!;
    expect(alarm.Properties).toMatchObject({
      Namespace: `nm-archive/${stage}`,
      MetricName: 'SecurityEvents',
      Dimensions: [{ Name: 'service', Value: 'nm-archive' }],
      Statistic: 'Sum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(notifies(alarm)).toBe(true);
  });

  it("alarms on any count an event function reports: the archive check's orphaned records and unlocked lines", () => {
    const parts = partsOf('ArchiveGaps');
    const stats = parts.flatMap(metricsOf);
    expect(stats.map((s) => s.Metric.MetricName).sort()).toEqual(['OrphanedRecords', 'UnlockedLines']);
    for (const stat of stats)
      expect(stat.Metric).toMatchObject({
        Namespace: `nm-archive/${stage}`,
        Dimensions: expect.arrayContaining([
          { Name: 'service', Value: 'nm-archive' },
          { Name: 'operation', Value: 'container.archiveCheck' },
        ]),
      });
    expect(parts.every((p) => p.Properties.Threshold === 0 && notifies(p))).toBe(true);
  });

  it('alarms on any booking above the handling licence (an officer’s LicenceExceeded)', () => {
    const alarm = alarmNamed('LicenceExceeded')!;
    expect(alarm.Properties).toMatchObject({
      Namespace: `nm-archive/${stage}`,
      MetricName: 'LicenceExceeded',
      Dimensions: [{ Name: 'service', Value: 'nm-archive' }],
      Statistic: 'Sum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(notifies(alarm)).toBe(true);
  });

  it(
    'keeps every metric math alarm within 10 metrics; each alarm or the composite joining it notifies the ' + 'topic',
    () => {
      for (const [id, alarm] of Object.entries(alarms)) expect(metricsOf(alarm).length, id).toBeLessThanOrEqual(10);
      for (const name of [...stack.monitoring.alarms.keys()]) {
        const top =
          alarmNamed(name) ??
          Object.values(composites).find((a) => a.Properties.AlarmName === `NmArchive-${stage}-${name}`);
        expect(top && notifies(top), name).toBe(true);
      }
    },
  );

  it(
    'has a dashboard of the stage with the API, the route and step metrics (EMF, per operation) and the ' + 'alarms',
    () => {
      const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
      expect(dashboards).toHaveLength(1);
      expect(dashboards[0]!.Properties.DashboardName).toBe(`nm-archive-${stage}`);
      // The body is JSON text joined with references: its literal parts, references left out.
      const raw = dashboards[0]!.Properties.DashboardBody as string | { 'Fn::Join': [string, unknown[]] };
      const parts = typeof raw === 'string' ? [raw] : raw['Fn::Join'][1];
      const text = parts.map((part) => (typeof part === 'string' ? part : '')).join('');
      const referenced = new Set(
        parts.flatMap((part) => (part as { 'Fn::GetAtt'?: string[] })['Fn::GetAtt']?.[0] ?? []),
      );
      for (const metric of ['Latency', '4xx', '5xx', 'StepDuration', 'Processed', 'StepFailures']) {
        expect(text).toContain(
          `SEARCH('{nm-archive/${stage},operation,service} service=\\"nm-archive\\" MetricName=\\"${metric}\\"'`,
        );
      }
      for (const [name, alarm] of stack.monitoring.alarms)
        expect(referenced.has(idOf(alarm as unknown as IConstruct)), name).toBe(true);
      expect([...stack.monitoring.alarms.keys()]).toEqual([
        'ServerErrorRate',
        'LatencyP99',
        'Throttles',
        'FailedExecutions',
        'DeadLetterQueueDepth',
        'SecurityEvents',
        'LicenceExceeded',
        'ArchiveGaps',
      ]);
    },
  );
});
