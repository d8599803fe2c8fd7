/**
 * Each stage's stacks as a whole (infra/stack.ts, infra/stage.ts, infra/quotas.ts): its outputs, each stack within
 * CloudFormation's quotas, the stateful resources in the stage's own stack under their first logical ids, and no
 * name another stage of the account could take.
 */
import { describe, expect, it } from 'vitest';
import { QUOTAS, sizeTable } from '../../../infra/quotas';
import { operations } from '../../../shared/routes/operations';
import { STAGES } from '../../../infra/stages';
import { type Resource, stageOf, synth } from '../support/stack';

describe.each(STAGES)('outputs (%s)', (stage) => {
  const { stack, template, idOf, tableId, bucketId } = stageOf(stage);

  it('outputs the API URL, table and bucket names, dashboard, alarm topic and each state machine', () => {
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', { Value: { Ref: tableId } });
    template.hasOutput('BucketName', { Value: { Ref: bucketId } });
    template.hasOutput('DashboardName', {});
    template.hasOutput('AlarmTopicArn', { Value: { Ref: idOf(stack.monitoring.topic) } });
    for (const op of operations)
      template.hasOutput(`${op.name[0]!.toUpperCase()}${op.name.slice(1)}StateMachineArn`, {
        Value: { Ref: idOf(stack.stateMachines.get(op.name)!) },
      });
  });
});

/** The ids of the stateful resources in the stage's stack of the one-stack layout (main at 7b4b1a5), per stage. */
const STATEFUL_BEFORE_NESTED_STACKS: Record<string, string> = {
  StorageTableB43FDCE7: 'AWS::DynamoDB::Table',
  StorageFiles48C02C92: 'AWS::S3::Bucket',
  StorageFilesAccessLogs1D64C67E: 'AWS::S3::Bucket',
};

describe.each([...STAGES, 'alice'])('the stacks of %s', (stage) => {
  const { stack, stacks, template, sizes } = synth(stage);

  it(`hold at most ${QUOTAS.resources} resources and ${QUOTAS.templateBytes / 1000} KB of template each`, () => {
    process.stdout.write(`\n${stage}:\n${sizeTable(sizes)}`);
    expect(sizes.map((s) => s.name)).toContain(`NmArchive-${stage}`);
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) {
      expect(size.resources, size.name).toBeLessThanOrEqual(QUOTAS.resources);
      expect(size.templateBytes, size.name).toBeLessThanOrEqual(QUOTAS.templateBytes);
    }
  });

  it("keep the table and the buckets in the stage's stack under the logical ids they had before nested stacks", () => {
    const own = stacks.get(stack.node.path)!.template.Resources as Record<string, Resource>;
    for (const [id, type] of Object.entries(STATEFUL_BEFORE_NESTED_STACKS)) {
      expect(own[id]?.Type, id).toBe(type);
      // Removed from the template would delete it: kept in prod (and the table protected), emptied and deleted in dev.
      expect(own[id]!.DeletionPolicy, id).toBe(stage === 'prod' ? 'Retain' : 'Delete');
    }
    const table = own.StorageTableB43FDCE7!.Properties;
    expect(table.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.DeletionProtectionEnabled === true).toBe(stage === 'prod');
    // Whatever holds data is in the stage's stack, never in a nested stack that a change of layout could replace.
    const stateful = /^AWS::(DynamoDB::Table|S3::Bucket|SQS::Queue)$/;
    for (const [path, { template: nested }] of stacks) {
      if (path === stack.node.path) continue;
      const types = Object.values(nested.Resources as Record<string, Resource>).map((r) => r.Type);
      expect(
        types.filter((t) => stateful.test(t)),
        path,
      ).toEqual([]);
    }
  });

  it('names nothing that another stage of the account could name too', () => {
    // Names an account holds once: every one this stage sets carries the stage's name (the rest CloudFormation makes).
    const named = Object.values(template.toJSON().Resources as Record<string, Resource>).flatMap((r) =>
      Object.entries(r.Properties ?? {})
        .filter(([key, value]) => ACCOUNT_WIDE_NAMES.has(`${r.Type} ${key}`) && typeof value === 'string')
        .map(([key, value]) => `${r.Type} ${key} ${value as string}`),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(name).toMatch(new RegExp(`(nm-archive|NmArchive)-${stage}(-|$)`));
    const exports = Object.values(template.toJSON().Outputs ?? {}).filter((o) => (o as { Export?: unknown }).Export);
    expect(exports).toEqual([]);
    expect(stack.stackName).toBe(`NmArchive-${stage}`);
  });
});

/** Properties that name a resource once in an account and region (as `<type> <property>`). */
const ACCOUNT_WIDE_NAMES = new Set([
  'AWS::CloudWatch::Alarm AlarmName',
  'AWS::CloudWatch::CompositeAlarm AlarmName',
  'AWS::CloudWatch::Dashboard DashboardName',
  'AWS::DynamoDB::Table TableName',
  'AWS::S3::Bucket BucketName',
  'AWS::Logs::LogGroup LogGroupName',
  'AWS::IAM::Role RoleName',
  'AWS::Lambda::Function FunctionName',
  'AWS::SQS::Queue QueueName',
  'AWS::SNS::Topic TopicName',
  'AWS::StepFunctions::StateMachine StateMachineName',
  'AWS::Events::Rule Name',
  'AWS::ApiGatewayV2::Api Name',
  'AWS::Backup::BackupVault BackupVaultName',
]);
