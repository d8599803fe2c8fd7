/**
 * infra/replica.ts and the stage setting `replicaRegion`: prod's records bucket replicates every new record, with its
 * Object Lock retention, to a locked bucket of the same retention in a second region, a stack of its own that
 * deploys first; the two stacks share no export (the replica's name is made from the stage and the account). dev
 * and personal stages replicate only when told to.
 */
import { describe, expect, it } from 'vitest';
import { synthStage } from '../../infra/local/templates';
import { replicaBucketName } from '../../infra/replica';
import { RECORD_RETENTION_DAYS } from '../../infra/records-bucket';
import { REQUIRED_REPLICA, stageConfig } from '../../infra/stages';

type Resources = Record<string, { Type: string; Properties: any; DeletionPolicy?: string }>;
/** The replica's name as both templates spell it: the stage's name and the deploying account. */
const nameParts = (stage: string) => [replicaBucketName(stage, ''), { Ref: 'AWS::AccountId' }];
const nameIn = (stage: string) => ({ 'Fn::Join': ['', nameParts(stage)] });

describe('the stage setting replicaRegion', () => {
  it('is required in prod (a documented default, another region by context, never off)', () => {
    expect(stageConfig('prod').replicaRegion).toBe(REQUIRED_REPLICA.prod);
    expect(stageConfig('prod', (key) => (key === 'replicaRegion' ? 'eu-north-1' : undefined)).replicaRegion).toBe(
      'eu-north-1',
    );
    expect(() => stageConfig('prod', (key) => (key === 'replicaRegion' ? 'none' : undefined))).toThrow(
      /Stage prod replicates its release records to a second region .* cannot be none/,
    );
    expect(() => stageConfig('prod', (key) => (key === 'replicaRegion' ? 'Frankfurt' : undefined))).toThrow(
      'CDK context "replicaRegion" must be an AWS region such as eu-west-1, got Frankfurt',
    );
  });
  it('is off in dev and personal stages unless given', () => {
    for (const stage of ['dev', 'alice']) {
      expect(stageConfig(stage).replicaRegion).toBeUndefined();
      expect(stageConfig(stage, (key) => (key === 'replicaRegion' ? 'none' : undefined)).replicaRegion).toBeUndefined();
      expect(stageConfig(stage, (key) => (key === 'replicaRegion' ? 'eu-west-3' : undefined)).replicaRegion).toBe(
        'eu-west-3',
      );
    }
  });
  it('names a replica bucket of at most 63 characters for the longest stage name and any account', () => {
    expect(replicaBucketName('a'.repeat(21), '123456789012').length).toBeLessThanOrEqual(63);
  });
});

describe('the records replica of prod', () => {
  const { stack, stacks, template, idOf, replica, sizes } = synthStage('prod');
  const resources = template.Resources as Resources;
  const records = resources[idOf(stack.recordsBucket)]!.Properties;
  const replication = records.ReplicationConfiguration;
  const roleId = replication.Role['Fn::GetAtt'][0];
  const statements = Object.values(resources)
    .filter(
      (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
    )
    .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string[]; Resource: unknown }[]);

  it('replicates every new record to the replica bucket, delete markers not', () => {
    expect(records.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(replication.Rules).toEqual([
      {
        Id: 'records-to-replica',
        Status: 'Enabled',
        Filter: { Prefix: '' },
        DeleteMarkerReplication: { Status: 'Disabled' },
        Destination: {
          Bucket: {
            'Fn::Join': [
              '',
              ['arn:', { Ref: 'AWS::Partition' }, `:s3:::${replicaBucketName('prod', '')}`, { Ref: 'AWS::AccountId' }],
            ],
          },
        },
      },
    ]);
    expect(resources[roleId]!.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 's3.amazonaws.com' } }),
    ]);
  });

  it('lets the replication role read each record with its lock settings and write only replicas: no delete', () => {
    const actions = statements.flatMap((s) => s.Action);
    // S3 replicates an object's retention and legal hold when the role may read them (object-lock-managing.html).
    expect(actions).toEqual(expect.arrayContaining(['s3:GetObjectRetention', 's3:GetObjectLegalHold']));
    expect(actions).toEqual(expect.arrayContaining(['s3:GetObjectVersionForReplication', 's3:ReplicateObject']));
    expect(actions.filter((a) => /Delete|Bypass|Put|\*/.test(a))).toEqual([]);
  });

  it('keeps the replica in its own stack in the replica region, locked as the records bucket, deployed first', () => {
    expect(replica!.stack.region).toBe(REQUIRED_REPLICA.prod);
    expect(replica!.stack.stackName).toBe('NmArchive-prod-Replica');
    expect(stack.dependencies).toContain(replica!.stack);
    const buckets = Object.values(replica!.template.Resources as Resources).filter((r) => r.Type === 'AWS::S3::Bucket');
    const bucket = buckets.find((b) => b.Properties.ObjectLockEnabled)!;
    expect(bucket).toMatchObject({ DeletionPolicy: 'Retain' });
    expect(bucket.Properties).toMatchObject({
      BucketName: nameIn('prod'),
      VersioningConfiguration: { Status: 'Enabled' },
      ObjectLockConfiguration: {
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: RECORD_RETENTION_DAYS } },
      },
      PublicAccessBlockConfiguration: expect.objectContaining({ BlockPublicAcls: true, RestrictPublicBuckets: true }),
    });
    expect(records.ObjectLockConfiguration).toEqual(bucket.Properties.ObjectLockConfiguration);
    // No export, no import: each stack resolves the name in its own template.
    expect(JSON.stringify(replica!.template)).not.toMatch(/Export|ImportValue/);
    expect(JSON.stringify(template)).not.toMatch(/Fn::ImportValue/);
    expect(sizes.map((s) => s.name)).toContain('NmArchive-prod-Replica');
  });

  it('refuses at deploy a stage in the replica region itself', () => {
    const rules = Object.values(stacks.get(stack.node.path)!.template.Rules as Record<string, any>);
    expect(rules).toContainEqual({
      Assertions: [
        {
          Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'AWS::Region' }, REQUIRED_REPLICA.prod] }] },
          AssertDescription: expect.stringContaining(`replicate to ${REQUIRED_REPLICA.prod}`),
        },
      ],
    });
  });
});

describe.each(['dev', 'alice'])('the %s stage', (stage) => {
  // Two stages synthesised: 8 to 33 s while other suites share the cores.
  it('has no replication and no replica stack, unless given a replica region', () => {
    const plain = synthStage(stage);
    expect(plain.replica).toBeUndefined();
    expect(
      (plain.template.Resources as Resources)[plain.idOf(plain.stack.recordsBucket)]!.Properties
        .ReplicationConfiguration,
    ).toBeUndefined();
    const given = synthStage(stage, { replicaRegion: 'eu-west-3' });
    expect(given.replica!.stack.region).toBe('eu-west-3');
    const bucket = Object.values(given.replica!.template.Resources as Resources).find(
      (r) => r.Properties.ObjectLockEnabled,
    )!;
    expect(bucket.Properties.BucketName).toEqual(nameIn(stage));
    // dev's records are locked in GOVERNANCE mode, and so are their replicas.
    expect(bucket.Properties.ObjectLockConfiguration.Rule.DefaultRetention.Mode).toBe('GOVERNANCE');
  }, 90_000);
});
