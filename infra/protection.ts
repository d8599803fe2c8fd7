/**
 * What keeps a stage's release book for 30 years (StrlSchV § 86 Abs. 2), as synthesized: the table's deletion
 * protection and point-in-time recovery, the backup vault's lock, the backup plan's rules and selection, and the
 * records' replication with the replica's lock. `npx cdk synth` prints it after the stacks' sizes (infra/app.ts), read
 * from the templates themselves, so it shows what would be deployed.
 */

// biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template, of any shape
type Template = { Resources: Record<string, { Type: string; Properties?: any }> };

const ofType = (template: Template, type: string) => Object.values(template.Resources).filter((r) => r.Type === type);

/** A name CloudFormation joins from parts (`Fn::Join`), with its references as `<AWS::AccountId>`. */
function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(nameOf).join(join[0]);
  const ref = (value as { Ref?: string }).Ref;
  return ref ? `<${ref}>` : JSON.stringify(value);
}

/** The lines of the summary; `replica` is the replica stack's template and region, where the stage has one. */
export function protectionSummary(
  stage: Template,
  replica?: { name: string; region: string; template: Template },
): string[] {
  const lines = ['Release book protection (StrlSchV § 86 Abs. 2, 30 years):'];
  const tables = ofType(stage, 'AWS::DynamoDB::Table');
  if (!tables.length)
    lines.push("- table: a restored one, not the stage's own: its protection is set by hand (docs/restore.md)");
  for (const table of tables) {
    const pitr = table.Properties.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled === true;
    const protectedFromDeletion = table.Properties.DeletionProtectionEnabled === true;
    lines.push(
      `- table: deletion protection ${protectedFromDeletion ? 'on' : 'off'}, ` +
        `point-in-time recovery ${pitr ? 'on (35 days)' : 'off'}`,
    );
  }
  const vaults = ofType(stage, 'AWS::Backup::BackupVault');
  if (!vaults.length) lines.push('- AWS Backup: none (a stage setting: prod only)');
  for (const vault of vaults) {
    const lock = vault.Properties.LockConfiguration;
    const mode = lock?.ChangeableForDays
      ? `compliance mode, changeable for ${lock.ChangeableForDays} days`
      : 'governance mode';
    const retention = lock
      ? `Vault Lock (${mode}), ${lock.MinRetentionDays} to ${lock.MaxRetentionDays} days`
      : 'no lock';
    lines.push(`- backup vault ${vault.Properties.BackupVaultName}: ${retention}`);
  }
  for (const plan of ofType(stage, 'AWS::Backup::BackupPlan'))
    for (const rule of plan.Properties.BackupPlan.BackupPlanRule) {
      const cold = rule.Lifecycle.MoveToColdStorageAfterDays;
      lines.push(
        `- backup rule ${rule.RuleName}: ${rule.ScheduleExpression} UTC, kept ${rule.Lifecycle.DeleteAfterDays} days` +
          (cold ? `, cold storage after ${cold} days` : ''),
      );
    }
  for (const selection of ofType(stage, 'AWS::Backup::BackupSelection')) {
    const { SelectionName, Resources } = selection.Properties.BackupSelection;
    lines.push(`- backup selection ${SelectionName}: ${Resources.length} resources`);
  }
  const replicated = ofType(stage, 'AWS::S3::Bucket').flatMap(
    (b) => b.Properties?.ReplicationConfiguration?.Rules ?? [],
  );
  if (!replicated.length || !replica)
    lines.push('- records replica: none (a stage setting: replicaRegion, required in prod)');
  else {
    const bucket = ofType(replica.template, 'AWS::S3::Bucket').find((b) => b.Properties?.ObjectLockEnabled);
    const retention = bucket?.Properties.ObjectLockConfiguration.Rule.DefaultRetention;
    for (const rule of replicated)
      lines.push(
        `- records replicated (${rule.Id}) to ${nameOf(rule.Destination.Bucket)} in ${replica.region} ` +
          `(stack ${replica.name}): Object Lock ${retention.Mode}, ${retention.Days} days`,
      );
  }
  return lines;
}
