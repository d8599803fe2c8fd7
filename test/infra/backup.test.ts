/**
 * infra/backup.ts: prod backs the table and the records bucket up into a vault under a compliance-mode Vault Lock,
 * daily (35 days), monthly (a year) and yearly (30 years, as long as StrlSchV § 86 Abs. 2 keeps the book), with cold
 * storage where AWS Backup has it; the table keeps deletion protection and point-in-time recovery. dev and personal
 * stages have none of the backups.
 */
import { describe, expect, it } from 'vitest';
import { BACKUP_ROLE_POLICIES } from '../../infra/backup';
import { synthStage } from '../../infra/local/templates';
import { protectionSummary } from '../../infra/protection';
import { RECORD_RETENTION_DAYS } from '../../infra/records-bucket';

type Resources = Record<string, { Type: string; Properties: any; DeletionPolicy?: string }>;
const ofType = (resources: Resources, type: string) => Object.values(resources).filter((r) => r.Type === type);

describe('the backups of prod', () => {
  const { stack, stacks, template, idOf, replica } = synthStage('prod');
  const resources = template.Resources as Resources;
  const [vault] = ofType(resources, 'AWS::Backup::BackupVault');
  const [plan] = ofType(resources, 'AWS::Backup::BackupPlan');
  const [selection] = ofType(resources, 'AWS::Backup::BackupSelection');

  it('keep the table protected from deletion, with point-in-time recovery', () => {
    expect(resources[idOf(stack.table)]!.Properties).toMatchObject({
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('go to one vault under a compliance-mode lock (3 days to change it, then never) from 35 days to 30 years', () => {
    expect(ofType(resources, 'AWS::Backup::BackupVault')).toHaveLength(1);
    expect(vault).toMatchObject({ DeletionPolicy: 'Retain' });
    // ChangeableForDays makes the lock compliance mode: immutable once those days have passed (vault-lock.html).
    expect(vault!.Properties).toMatchObject({
      BackupVaultName: 'nm-archive-prod',
      LockConfiguration: { ChangeableForDays: 3, MinRetentionDays: 35, MaxRetentionDays: RECORD_RETENTION_DAYS },
    });
    expect(vault!.Properties.AccessPolicy.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Action: expect.arrayContaining(['backup:DeleteRecoveryPoint', 'backup:UpdateRecoveryPointLifecycle']),
      }),
    );
    expect(template.Outputs.BackupVaultName.Value).toEqual({
      'Fn::GetAtt': [idOf(stack.backups!.vault), 'BackupVaultName'],
    });
  });

  it('run daily (35 days), monthly (1 year), yearly (30 years), the longer ones in cold storage after 90 days', () => {
    const rules = plan!.Properties.BackupPlan.BackupPlanRule as any[];
    expect(
      rules.map((r) => [
        r.RuleName,
        r.ScheduleExpression,
        r.Lifecycle.DeleteAfterDays,
        r.Lifecycle.MoveToColdStorageAfterDays,
      ]),
    ).toEqual([
      ['Daily', 'cron(0 3 * * ? *)', 35, undefined],
      ['Monthly', 'cron(0 4 1 * ? *)', 365, 90],
      ['Yearly', 'cron(0 5 1 1 ? *)', RECORD_RETENTION_DAYS, 90],
    ]);
    expect(RECORD_RETENTION_DAYS).toBe(10_958);
    for (const rule of rules) {
      expect(rule.TargetBackupVault).toEqual({ 'Fn::GetAtt': [idOf(stack.backups!.vault), 'BackupVaultName'] });
      // Every rule fits the lock; cold storage keeps a recovery point at least 90 days (API_Lifecycle.html).
      const { DeleteAfterDays: keep, MoveToColdStorageAfterDays: cold } = rule.Lifecycle;
      expect(keep).toBeGreaterThanOrEqual(vault!.Properties.LockConfiguration.MinRetentionDays);
      expect(keep).toBeLessThanOrEqual(vault!.Properties.LockConfiguration.MaxRetentionDays);
      if (cold !== undefined) expect(keep - cold).toBeGreaterThanOrEqual(90);
    }
  });

  it('select the table and the records bucket, with a role holding the managed policies AWS documents', () => {
    expect(selection!.Properties.BackupSelection.Resources).toEqual([
      { 'Fn::GetAtt': [idOf(stack.table), 'Arn'] },
      { 'Fn::GetAtt': [idOf(stack.recordsBucket), 'Arn'] },
    ]);
    // S3 backups need versioning: the records bucket has it (Object Lock needs it too).
    expect(resources[idOf(stack.recordsBucket)]!.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const roleId = selection!.Properties.BackupSelection.IamRoleArn['Fn::GetAtt'][0];
    const role = resources[roleId]!.Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Action: 'sts:AssumeRole', Principal: { Service: 'backup.amazonaws.com' } }),
    ]);
    const policies = (role.ManagedPolicyArns as any[]).map((arn) => arn['Fn::Join'][1].at(-1));
    expect(policies).toEqual(BACKUP_ROLE_POLICIES.map((name) => `:iam::aws:policy/${name}`));
  });
  it('are listed by the synthesis, with the replica, as the templates hold them', () => {
    const summary = protectionSummary(stacks.get(stack.node.path)!.template, {
      name: replica!.stack.stackName,
      region: replica!.stack.region,
      template: replica!.template,
    });
    expect(summary).toEqual([
      'Release book protection (StrlSchV § 86 Abs. 2, 30 years):',
      '- table: deletion protection on, point-in-time recovery on (35 days)',
      '- backup vault nm-archive-prod: Vault Lock (compliance mode, changeable for 3 days), ' +
        `35 to ${RECORD_RETENTION_DAYS} days`,
      '- backup rule Daily: cron(0 3 * * ? *) UTC, kept 35 days',
      '- backup rule Monthly: cron(0 4 1 * ? *) UTC, kept 365 days, cold storage after 90 days',
      `- backup rule Yearly: cron(0 5 1 1 ? *) UTC, kept ${RECORD_RETENTION_DAYS} days, cold storage after 90 days`,
      '- backup selection nm-archive-prod-table-and-records: 2 resources',
      '- records replicated (records-to-replica) to arn:<AWS::Partition>:s3:::nm-archive-prod-records-replica-' +
        '<AWS::AccountId> in eu-west-1 (stack NmArchive-prod-Replica): ' +
        `Object Lock COMPLIANCE, ${RECORD_RETENTION_DAYS} days`,
    ]);
  });
});

describe.each(['dev', 'alice'])('the %s stage', (stage) => {
  it('has no backup vault, plan or selection, and no deletion protection', () => {
    const { stack, template, idOf } = synthStage(stage);
    const types = Object.values(template.Resources as Resources).map((r) => r.Type);
    expect(types.filter((t) => t.startsWith('AWS::Backup::'))).toEqual([]);
    expect(stack.backups).toBeUndefined();
    expect(template.Outputs.BackupVaultName).toBeUndefined();
    const table = (template.Resources as Resources)[idOf(stack.table)]!.Properties;
    expect(table.DeletionProtectionEnabled).toBeFalsy();
  });
});
