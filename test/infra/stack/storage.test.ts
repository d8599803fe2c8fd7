/** The table and the document bucket of each stage (infra/storage.ts). */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { TABLE_DEFINITION } from '../../../shared/data/table';
import { STAGES } from '../../../infra/stages';
import { type Resource, stageOf } from '../support/stack';

describe.each(STAGES)('storage (%s)', (stage) => {
  const { config, template, prod, tableId, bucketId } = stageOf(stage);

  it('has the table: keys, on-demand, PITR, TTL, protection per stage', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: TABLE_DEFINITION.partitionKey, AttributeType: 'S' },
        { AttributeName: TABLE_DEFINITION.sortKey, AttributeType: 'S' },
      ]),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ExpiresAt', Enabled: true },
    });
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      GlobalSecondaryIndexes: TABLE_DEFINITION.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
    const table = template.toJSON().Resources[tableId] as Resource;
    expect(table.Properties.TimeToLiveSpecification.AttributeName).toBe(TABLE_DEFINITION.timeToLiveAttribute);
    if (prod) {
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
      });
    } else {
      expect(table.DeletionPolicy).toBe('Delete');
      expect(table.Properties.DeletionProtectionEnabled).not.toBe(true);
    }
  });

  it('has the bucket: private, encrypted, versioned, TLS only, CORS for presigned uploads', () => {
    // The file bucket, the records bucket (test/infra/records.test.ts) and the bucket of their access logs.
    template.resourceCountIs('AWS::S3::Bucket', 3);
    template.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'files/' },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      VersioningConfiguration: { Status: 'Enabled' },
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
            AllowedOrigins: [...config.corsAllowedOrigins],
            AllowedHeaders: ['*'],
            ExposedHeaders: ['ETag'],
          }),
        ],
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
    if (prod) {
      template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
      template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    } else {
      template.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
      template.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
    }
  });
});
