/**
 * Storage of a stage: the single table (from shared/data/table.ts), the document bucket, the release records'
 * bucket under S3 Object Lock (replicated to the stage's replica region when it has one: infra/replica.ts), and
 * their access logs.
 */
import { Duration } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  type ITable,
  ProjectionType,
  StreamViewType,
  Table,
} from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../shared/data/table';
import { acknowledge } from './nag';
import { lockedRecordsBucketProps } from './records-bucket';
import { RecordsReplication } from './replica';
import type { StageConfig } from './stages';

export class Storage extends Construct {
  /** The stage's table, or the restored table the stage was pointed at (`existingTable`, docs/restore.md). */
  readonly table: ITable;
  readonly bucket: Bucket;
  /** Release records (StrlSchV § 86 Abs. 2: kept 30 years): every object locked, the bucket outlives the stack. */
  readonly recordsBucket: Bucket;
  /** The records bucket's replication to the replica region, where the stage has one. */
  readonly replication?: RecordsReplication;

  constructor(scope: Construct, id: string, { stage, config }: { stage: string; config: StageConfig }) {
    super(scope, id);
    this.table = config.existingTable ? restoredTable(this, config.existingTable) : ownTable(this, config);

    // Server access logs of the file bucket (S3 delivers them with SSE-S3 only).
    const accessLogs = new Bucket(this, 'FilesAccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(config.logRetention) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.autoDeleteObjects,
    });
    acknowledge(
      accessLogs,
      'AwsSolutions-S1',
      "This bucket is the target of the file bucket's access logs; logging it would log its own log deliveries.",
    );
    this.bucket = new Bucket(this, 'Files', {
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'files/',
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      versioned: true,
      enforceSSL: true,
      // Browsers upload with presigned POST/PUT and download with presigned GET.
      cors: [
        {
          allowedOrigins: [...config.corsAllowedOrigins],
          allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.POST, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.autoDeleteObjects,
    });
    // Each record is written with its own 30-year retention (shared/data/files.ts `keep`); the default
    // retention locks anything written without one. A locked bucket cannot be emptied by a stack's
    // deletion, so it outlives every stage (docs/deploy.md says how to remove a dev stage's records).
    if (config.replicaRegion)
      this.replication = new RecordsReplication(this, 'Replication', { stage, replicaRegion: config.replicaRegion });
    this.recordsBucket = new Bucket(this, 'Records', {
      ...lockedRecordsBucketProps(config.recordsLockMode, accessLogs),
      ...(this.replication ? { replicationRole: this.replication.role, replicationRules: this.replication.rules } : {}),
      // Browsers download records with presigned GET.
      cors: [{ allowedOrigins: [...config.corsAllowedOrigins], allowedMethods: [HttpMethods.GET, HttpMethods.HEAD] }],
    });
    this.replication?.allowFrom(this.recordsBucket);
  }
}

function ownTable(scope: Construct, config: StageConfig): Table {
  const table = new Table(scope, 'Table', {
    partitionKey: { name: TABLE_DEFINITION.partitionKey, type: AttributeType.STRING },
    sortKey: { name: TABLE_DEFINITION.sortKey, type: AttributeType.STRING },
    timeToLiveAttribute: TABLE_DEFINITION.timeToLiveAttribute,
    stream: StreamViewType[TABLE_DEFINITION.streamView],
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: config.tableDeletionProtection,
    removalPolicy: config.removalPolicy,
  });
  // The overloaded GSIs, as the local runtime creates them (string keys, all attributes).
  // Note: CloudFormation adds or removes only one GSI per update of an existing table.
  for (const index of TABLE_DEFINITION.indexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.name,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      sortKey: { name: index.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }
  return table;
}

/** A table restored from point-in-time recovery or a backup, with the stream it was given (docs/restore.md). */
function restoredTable(scope: Construct, { name, streamArn }: { name: string; streamArn: string }): ITable {
  return Table.fromTableAttributes(scope, 'Table', {
    tableName: name,
    tableStreamArn: streamArn,
    globalIndexes: TABLE_DEFINITION.indexes.map((index) => index.name),
    grantIndexPermissions: true,
  });
}
