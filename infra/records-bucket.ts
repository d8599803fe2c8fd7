/** The release records' buckets: how long a record is locked, and what the records bucket and its replica share. */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  type BucketProps,
  BucketEncryption,
  type IBucket,
  ObjectLockRetention,
} from 'aws-cdk-lib/aws-s3';
import type { LockMode } from '../shared/data/files';
import { RECORD_RETENTION_YEARS } from '../shared/domain/release-record';

/** 30 years (StrlSchV § 86 Abs. 2), in days, leap days included. */
export const RECORD_RETENTION_DAYS = Math.ceil(RECORD_RETENTION_YEARS * 365.25);

/**
 * What the records bucket and its replica share: private, encrypted, versioned, TLS only, access-logged under
 * `records/`, every object locked 30 years by default (a replicated object brings its own retention), kept when the
 * stack is deleted.
 */
export function lockedRecordsBucketProps(mode: LockMode, accessLogs: IBucket): BucketProps {
  const retention = Duration.days(RECORD_RETENTION_DAYS);
  return {
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: 'records/',
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    versioned: true,
    enforceSSL: true,
    objectLockEnabled: true,
    objectLockDefaultRetention:
      mode === 'COMPLIANCE' ? ObjectLockRetention.compliance(retention) : ObjectLockRetention.governance(retention),
    removalPolicy: RemovalPolicy.RETAIN,
  };
}
