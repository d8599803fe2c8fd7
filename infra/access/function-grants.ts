/**
 * What a function holds on its own role, from its access level: least privilege, checked against every request the
 * test run makes (test/support/iam.ts). What crosses tenants does so here, narrowly: the report's uuid index, the
 * reporter's all-tenant log, the stream writer, the release sweep, the archive check, the S3 event function, the
 * maintenance steps. A
 * function that serves one tenant reaches data with that tenant's session instead (infra/access/tenant-role.ts, given
 * by its resource group: infra/groups.ts).
 */
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { CROSS_TENANT_INDEXES, type CrossTenantIndex, tenantPartitions } from '../../shared/data/table';
import { DOCUMENT_FILES_PREFIX } from '../../shared/domain/document';
import type { Storage } from '../storage';
import { KEYS_NAMED, objectActions, tableActions } from './actions';
import type { Access, AccessLevel } from './levels';

/** Every facility's items (an event function's, which serves no caller): `C#*#F#*`, never a client's directory. */
const anyFacility = tenantPartitions('*', '*').facility;

/**
 * What a function reads across tenants with its own role: Query on its cross-tenant partitions (shared/data/table.ts),
 * in the index and in the table (the page buckets of the all-tenant log live there), keyed by them; where the
 * partitions say which attributes may be read (the uuid index: where a document is), those only.
 */
function grantAllTenantsRead(fn: IFunction, storage: Storage, name: CrossTenantIndex): void {
  const partitions = CROSS_TENANT_INDEXES[name];
  const attributes = 'attributes' in partitions ? partitions.attributes : undefined;
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['dynamodb:Query'],
      resources: [storage.table.tableArn, `${storage.table.tableArn}/index/${partitions.index}`],
      conditions: {
        'ForAllValues:StringLike': {
          'dynamodb:LeadingKeys': [`${partitions.prefix}*`],
          ...(attributes ? { 'dynamodb:Attributes': [...attributes] } : {}),
        },
        ...(attributes ? { StringEqualsIfExists: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' } } : {}),
        Null: { ...KEYS_NAMED, ...(attributes ? { 'dynamodb:Attributes': 'false' } : {}) },
      },
    }),
  );
}

/**
 * An event function's own grants (it serves no caller, so it has no tenant to be kept to): its data level on every
 * facility's items and on its `allTenants` partitions in the table (their index is read as every cross-tenant reader
 * reads it: grantAllTenantsRead); never a client's directory, never a Scan. Objects as before: document files only.
 */
function grantEventData(fn: IFunction, storage: Storage, { data, files, records, allTenants }: Access): void {
  const across = allTenants ? CROSS_TENANT_INDEXES[allTenants] : undefined;
  if (data !== 'none') {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: tableActions(data),
        resources: [storage.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': [anyFacility, ...(across ? [`${across.prefix}*`] : [])],
          },
          Null: KEYS_NAMED,
        },
      }),
    );
  }
  // The archive check: whether a record or a line's copy is there, and a line's copy kept under its lock.
  if (records)
    grantRecords(fn, storage, [
      's3:GetObject',
      ...(records === 'write' ? ['s3:PutObject', 's3:PutObjectRetention'] : []),
    ]);
  if (files === 'none') return;
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: objectActions(files),
      resources: [storage.bucket.arnForObjects(`${DOCUMENT_FILES_PREFIX}*`)],
    }),
  );
}

/** `actions` on the records bucket's document files, and its listing (so a missing object answers 404, not 403). */
function grantRecords(fn: IFunction, storage: Storage, actions: string[]): void {
  fn.addToRolePolicy(
    new PolicyStatement({ actions, resources: [storage.recordsBucket.arnForObjects(`${DOCUMENT_FILES_PREFIX}*`)] }),
  );
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [storage.recordsBucket.bucketArn] }));
}

/**
 * A maintenance step's grants: the whole table (scans included, and its description: a whole-table operation's
 * segments follow its item count) and the whole bucket (exports, imports, quarantine, listed so that reading a missing
 * object answers 404 rather than 403). Steps serve an operator, across tenants by design. Export and import carry a
 * client's release records: they list and read the records bucket's document files with their retention (what
 * GetObject says of a lock needs s3:GetObjectRetention), and import puts missing ones back under the same lock; no
 * step deletes one.
 */
function grantStepData(fn: IFunction, storage: Storage, { data, files, records }: Access): void {
  if (data !== 'none')
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...tableActions(data), 'dynamodb:Scan', 'dynamodb:DescribeTable'],
        resources: [storage.table.tableArn, `${storage.table.tableArn}/index/*`],
      }),
    );
  if (records)
    grantRecords(fn, storage, [
      's3:GetObject',
      's3:GetObjectRetention',
      ...(records === 'write' ? ['s3:PutObject', 's3:PutObjectRetention'] : []),
    ]);
  if (files === 'none') return;
  fn.addToRolePolicy(
    new PolicyStatement({ actions: objectActions(files), resources: [storage.bucket.arnForObjects('*')] }),
  );
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [storage.bucket.bucketArn] }));
}

/**
 * The grants a function holds itself at `level`: a maintenance step's and an event function's data, a route's
 * `allTenants` partitions (read on its own role, besides the tenant sessions it may assume).
 */
export function grantFunctionAccess(fn: IFunction, storage: Storage, level: AccessLevel): void {
  if (level.scope === 'step') {
    grantStepData(fn, storage, level);
    return;
  }
  if (level.allTenants) grantAllTenantsRead(fn, storage, level.allTenants);
  if (typeof level.scope === 'object') grantEventData(fn, storage, level);
}
