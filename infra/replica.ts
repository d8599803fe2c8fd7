/**
 * The release records in a second region (StrlSchV § 86 Abs. 2: kept 30 years, whatever happens to one region): the
 * records bucket replicates every new object to a bucket under S3 Object Lock in the stage's `replicaRegion`, with its
 * retention (S3 replicates an object's lock settings when the replication role may read them: AWS docs,
 * object-lock-managing.html "Using Object Lock with S3 Replication"). The replica bucket is a stack of its own in that
 * region (`NmArchive-<stage>-Replica`), deployed by the same app before the stage's stack. The two stacks share no
 * export: the replica's name is made from the stage and the account (`replicaBucketName`), which each stack resolves
 * in its own template.
 */
import { Aws, type CfnElement, CfnRule, Duration, Fn, RemovalPolicy, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type ReplicationRule } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import type { StageConfig } from './stages';
import { lockedRecordsBucketProps } from './records-bucket';

/**
 * The replica bucket's name: one per stage and account (at most 61 characters for a stage name of 21). Where it lies
 * is the stage's setting; a bucket name is global, so moving the replica to another region needs a new stage name.
 */
export const replicaBucketName = (stage: string, account: string = Aws.ACCOUNT_ID): string =>
  `nm-archive-${stage}-records-replica-${account}`;

/** The replication of the records bucket: its role and its rule, for the bucket's props; `allowFrom` once it exists. */
export class RecordsReplication extends Construct {
  readonly role: Role;
  readonly rules: ReplicationRule[];
  readonly destinationBucketName: string;

  constructor(scope: Construct, id: string, { stage, replicaRegion }: { stage: string; replicaRegion: string }) {
    super(scope, id);
    this.destinationBucketName = replicaBucketName(stage);
    const destination = Bucket.fromBucketName(this, 'Destination', this.destinationBucketName);
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('s3.amazonaws.com'),
      description: `nm-archive ${stage}: S3 replicates the release records to ${replicaRegion}`,
    });
    // Only new objects and their lock settings: no delete marker, no delete (the records bucket has none anyway).
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:ReplicateObject', 's3:ReplicateTags'],
        resources: [destination.arnForObjects('*')],
      }),
    );
    acknowledge(
      this.role,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${replicaBucketName(stage, '<AWS::AccountId>')}/*]`,
      'Replication writes every record into the replica bucket, which holds nothing else.',
    );
    this.rules = [{ id: 'records-to-replica', destination, deleteMarkerReplication: false }];
    // The stage's own region is known at deploy time only: CloudFormation refuses a replica in the same region.
    new CfnRule(this, 'ReplicaInAnotherRegion', {
      assertions: [
        {
          assert: Fn.conditionNot(Fn.conditionEquals(Aws.REGION, replicaRegion)),
          assertDescription:
            `The release records replicate to ${replicaRegion}: deploy the stage to another region, or set ` +
            '-c replicaRegion=<another region>.',
        },
      ],
    });
  }

  /** What the role reads from the records bucket: each object version, its tags, ACL, retention and legal hold. */
  allowFrom(source: Bucket): void {
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:GetReplicationConfiguration', 's3:ListBucket'],
        resources: [source.bucketArn],
      }),
    );
    this.role.addToPolicy(
      new PolicyStatement({
        actions: [
          's3:GetObjectVersionForReplication',
          's3:GetObjectVersionAcl',
          's3:GetObjectVersionTagging',
          's3:GetObjectRetention',
          's3:GetObjectLegalHold',
        ],
        resources: [source.arnForObjects('*')],
      }),
    );
    const sourceId = Stack.of(source).getLogicalId(source.node.defaultChild as CfnElement);
    acknowledge(
      this.role,
      `AwsSolutions-IAM5[Resource::<${sourceId}.Arn>/*]`,
      'Replication copies every record of the records bucket, which holds nothing else.',
    );
  }
}

export interface RecordsReplicaStackProps extends StackProps {
  readonly stage: string;
  readonly config: StageConfig;
}

/** The replica of a stage's records bucket, in the stage's replica region: kept when the stack is deleted. */
export class RecordsReplicaStack extends Stack {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, { stage, config, ...props }: RecordsReplicaStackProps) {
    super(scope, id, { ...props, env: { region: config.replicaRegion } });
    Tags.of(this).add('service', 'nm-archive');
    Tags.of(this).add('stage', stage);
    const accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(config.logRetention) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      accessLogs,
      'AwsSolutions-S1',
      "This bucket is the target of the replica's access logs; logging it would log its own log deliveries.",
    );
    this.bucket = new Bucket(this, 'Records', {
      ...lockedRecordsBucketProps(config.recordsLockMode, accessLogs),
      bucketName: replicaBucketName(stage),
    });
  }
}
