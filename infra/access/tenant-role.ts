/**
 * The tenant roles' policy and trust. Tenant isolation is held twice (docs/security.md). The first wall is the code
 * (the token against the path, every key built from the tenant); this is the second: a function that serves tenants
 * holds no grant on the table or the buckets itself. It assumes a tenant role with session tags for one client and
 * facility (shared/http/tenant.ts), and that role's policy reaches only the partitions and object keys the tags name.
 * What must cross tenants does so on a narrow role of its own (infra/access/function-grants.ts).
 */
import {
  type IRole,
  PolicyStatement,
  PrincipalWithConditions,
  type Role,
  SessionTagsPrincipal,
} from 'aws-cdk-lib/aws-iam';
import { SESSION_TAGS } from '../../shared/clients/tenant-sessions';
import { tenantPartitions } from '../../shared/data/table';
import { facilityFilesPrefix } from '../../shared/domain/document';
import type { Storage } from '../storage';
import { KEYS_NAMED, tableActions } from './actions';
import type { Access } from './levels';

/** A session tag as an IAM policy variable: `${aws:PrincipalTag/client}`. */
const principalTag = (key: string) => `\${aws:PrincipalTag/${key}}`;
/** The partitions and file keys of the session's own tenant, in policy variables (shared/data/table.ts). */
const sessionTenant = tenantPartitions(principalTag(SESSION_TAGS.client), principalTag(SESSION_TAGS.facility));
const sessionFiles = facilityFilesPrefix(principalTag(SESSION_TAGS.client), principalTag(SESSION_TAGS.facility));

/**
 * The tenant role's policy, written once when the role is made: for the session's own tenant (its session tags as
 * policy variables) and nothing else. Table items: the client's directory and the facility's items, exactly
 * (`StringEquals`); indexes: the facility's partitions, which begin with its key and the separator, so facility `f1`
 * reaches no partition of `f10`; no Scan. Objects: the facility's document files and release records only.
 */
export function grantTenantData(role: Role, storage: Storage, { data, files, records }: Access): void {
  const tagged = Object.fromEntries(Object.values(SESSION_TAGS).map((key) => [`aws:PrincipalTag/${key}`, 'false']));
  if (data !== 'none') {
    role.addToPolicy(
      new PolicyStatement({
        actions: tableActions(data),
        resources: [storage.table.tableArn],
        conditions: {
          'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [sessionTenant.directory, sessionTenant.facility] },
          Null: { ...KEYS_NAMED, ...tagged },
        },
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${storage.table.tableArn}/index/*`],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${sessionTenant.indexPrefix}*`] },
          Null: { ...KEYS_NAMED, ...tagged },
        },
      }),
    );
  }
  if (files !== 'none') {
    const actions = ['s3:GetObject', ...(files === 'write' ? ['s3:PutObject'] : [])];
    role.addToPolicy(new PolicyStatement({ actions, resources: [storage.bucket.arnForObjects(`${sessionFiles}*`)] }));
    // Presenting documents presigns downloads of release records too (they are documents of the facility).
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [storage.recordsBucket.arnForObjects(`${sessionFiles}*`)],
      }),
    );
  }
  if (records === 'read') {
    // The facility's records: read, and listed under its own folder only.
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [storage.recordsBucket.arnForObjects(`${sessionFiles}*`)],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [storage.recordsBucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${sessionFiles}*`] } },
      }),
    );
  }
  if (records === 'write') {
    // A record is stored with its own Object Lock retention (s3:PutObjectRetention), never deleted.
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:PutObjectRetention'],
        resources: [storage.recordsBucket.arnForObjects(`${sessionFiles}*`)],
      }),
    );
  }
}

/**
 * Who may assume a tenant role: `assumer` (a function's own role), with sts:AssumeRole and sts:TagSession, only with
 * both session tags and no other tag key.
 */
export const tenantTrust = (assumer: IRole) =>
  new PrincipalWithConditions(new SessionTagsPrincipal(assumer), {
    'ForAllValues:StringEquals': { 'aws:TagKeys': Object.values(SESSION_TAGS) },
    Null: Object.fromEntries(Object.values(SESSION_TAGS).map((key) => [`aws:RequestTag/${key}`, 'false'])),
  });
