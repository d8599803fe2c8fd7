/**
 * Backups no administrator can delete (StrlSchV § 86 Abs. 2: the release book is kept 30 years): an AWS Backup
 * vault under a compliance-mode Vault Lock and a plan that backs up the table and the records bucket daily (kept
 * 35 days), monthly (a year) and yearly (30 years). Point-in-time recovery (35 days) stays on the table itself.
 * AWS docs: vault-lock.html (compliance mode once ChangeableForDays has passed), s3-backups.html (the S3 policies,
 * versioning), advanced-ddb-backup.html (cold storage of DynamoDB backups), API_Lifecycle.html (cold storage is
 * ignored for resource types that have none, such as S3; at least 90 days in cold storage).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import { RECORD_RETENTION_DAYS } from './records-bucket';

/** Cold storage keeps a recovery point at least 90 days, so it moves there no later than 90 days before deletion. */
const COLD_AFTER_DAYS = 90;

/** The plan's rules: when each runs (UTC), how long its recovery points are kept, when they move to cold storage. */
export const BACKUP_RULES = [
  { name: 'Daily', schedule: { hour: '3', minute: '0' }, keepDays: 35 },
  { name: 'Monthly', schedule: { day: '1', hour: '4', minute: '0' }, keepDays: 365, coldAfterDays: COLD_AFTER_DAYS },
  {
    name: 'Yearly',
    schedule: { month: '1', day: '1', hour: '5', minute: '0' },
    keepDays: RECORD_RETENTION_DAYS,
    coldAfterDays: COLD_AFTER_DAYS,
  },
] as const;

/**
 * The vault lock: every recovery point kept between the shortest and the longest rule's retention; after the grace
 * period (AWS Backup's minimum of 3 days) nobody, the account's root included, can change or remove the lock.
 */
export const VAULT_LOCK = {
  minRetentionDays: Math.min(...BACKUP_RULES.map((rule) => rule.keepDays)),
  maxRetentionDays: Math.max(...BACKUP_RULES.map((rule) => rule.keepDays)),
  changeableForDays: 3,
} as const;

/** The managed policies AWS documents for a backup role that backs up and restores DynamoDB tables and S3 buckets. */
export const BACKUP_ROLE_POLICIES = [
  'service-role/AWSBackupServiceRolePolicyForBackup',
  'service-role/AWSBackupServiceRolePolicyForRestores',
  'AWSBackupServiceRolePolicyForS3Backup',
  'AWSBackupServiceRolePolicyForS3Restore',
] as const;

export interface BackupsProps {
  readonly stage: string;
  readonly table: ITable;
  /** Versioned (S3 backups need versioning; Object Lock buckets always are). */
  readonly recordsBucket: Bucket;
}

export class Backups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;
  readonly role: Role;

  constructor(scope: Construct, id: string, { stage, table, recordsBucket }: BackupsProps) {
    super(scope, id);
    this.vault = new BackupVault(this, 'Vault', {
      backupVaultName: `nm-archive-${stage}`,
      // A locked vault with recovery points cannot be deleted anyway; the stack's deletion leaves it.
      removalPolicy: RemovalPolicy.RETAIN,
      blockRecoveryPointDeletion: true,
      lockConfiguration: {
        minRetention: Duration.days(VAULT_LOCK.minRetentionDays),
        maxRetention: Duration.days(VAULT_LOCK.maxRetentionDays),
        changeableFor: Duration.days(VAULT_LOCK.changeableForDays),
      },
    });
    this.plan = new BackupPlan(this, 'Plan', {
      backupPlanName: `nm-archive-${stage}`,
      backupVault: this.vault,
      backupPlanRules: BACKUP_RULES.map(
        (rule) =>
          new BackupPlanRule({
            ruleName: rule.name,
            scheduleExpression: Schedule.cron(rule.schedule),
            deleteAfter: Duration.days(rule.keepDays),
            ...('coldAfterDays' in rule ? { moveToColdStorageAfter: Duration.days(rule.coldAfterDays) } : {}),
          }),
      ),
    });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      description: `nm-archive ${stage}: AWS Backup backs up and restores the table and the records bucket`,
      managedPolicies: BACKUP_ROLE_POLICIES.map((name) => ManagedPolicy.fromAwsManagedPolicyName(name)),
    });
    for (const name of BACKUP_ROLE_POLICIES)
      acknowledge(
        this.role,
        `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`,
        'AWS documents these managed policies for the role AWS Backup uses with DynamoDB and S3 (s3-backups.html, ' +
          'advanced-ddb-backup.html); AWS keeps them current as the services change.',
      );
    this.plan.addSelection('TableAndRecords', {
      backupSelectionName: `nm-archive-${stage}-table-and-records`,
      role: this.role,
      disableDefaultBackupPolicy: true,
      resources: [BackupResource.fromDynamoDbTable(table), BackupResource.fromArn(recordsBucket.bucketArn)],
    });
  }
}
