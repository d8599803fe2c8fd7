/**
 * What each function may do, derived from the route table (its `data`, `files`, `records`, `allTenants` and
 * `executions`), and the settings every data function gets. Least privilege, checked against every request the test
 * run makes (test/support/iam.ts).
 *
 * Tenant isolation is held twice (docs/security.md). The first wall is the code (the token against the path, every key
 * built from the tenant); this is the second: a function that serves tenants holds no grant on the table or the
 * buckets itself. It assumes a tenant role with session tags for one client and facility (shared/http/tenant.ts), and
 * that role's policy reaches only the partitions and object keys the tags name. What must cross tenants (the report's
 * uuid index, the reporter's all-tenant log, the stream writer, the release sweep, the S3 event function, the
 * maintenance steps) does so on a narrow role of its own.
 */
import { ArnFormat, Stack } from 'aws-cdk-lib';
import {
  type IRole,
  PolicyStatement,
  PrincipalWithConditions,
  type Role,
  SessionTagsPrincipal,
} from 'aws-cdk-lib/aws-iam';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { SESSION_TAGS } from '../shared/clients/tenant-sessions';
import { environmentOf, VARIABLES } from '../shared/config';
import { CROSS_TENANT_INDEXES, type CrossTenantIndex, tenantPartitions } from '../shared/data/table';
import { DOCUMENT_FILES_PREFIX, facilityFilesPrefix } from '../shared/domain/document';
import type { EventFunction, Route } from '../shared/routes';
import type { ServiceFunction } from './function';
import type { FunctionGroup } from './groups';
import type { StageConfig } from './stages';
import type { Storage } from './storage';

/** What a function may do with the table and the buckets (from the route table). */
export type Access = Pick<EventFunction, 'data' | 'files'> & Pick<Route, 'records' | 'allTenants'>;

/**
 * The access level of a function, which picks its role (one per resource group and access level): what it may do
 * with the table, the bucket and the executions, and for whom: `tenant` (its path names the one tenant it serves: it
 * reaches data with that tenant's session), `cross-tenant` (a route across tenants: the reports, which find tenants in
 * their `allTenants` partitions and read them with their sessions, and the operator routes), `step` (a maintenance
 * step: the whole table and bucket), or an event function (a role of its own, which also holds its event source's
 * grants, over every facility's items and its `allTenants` partitions).
 */
export interface AccessLevel extends Access {
  readonly executions?: Route['executions'];
  readonly scope: 'tenant' | 'cross-tenant' | 'step' | { readonly event: string };
}

const TENANT_PATH = /\{clientUuid\}.*\{facilityUuid\}/;

/** The route table's fields that say what a function may do: a role is shared only where all of them agree. */
const ACCESS_FIELDS = [
  'data',
  'files',
  'records',
  'allTenants',
  'executions',
] as const satisfies readonly (keyof Route)[];

/** The access level of what the route table says a function may do, for `scope`. */
export function accessLevel(grants: Access & Pick<Route, 'executions'>, scope: AccessLevel['scope']): AccessLevel {
  const granted = Object.fromEntries(ACCESS_FIELDS.flatMap((field) => (grants[field] ? [[field, grants[field]]] : [])));
  return { ...(granted as Access), scope };
}

/** A route's access level, from the route table. */
export const routeAccess = (route: Route): AccessLevel =>
  accessLevel(route, TENANT_PATH.test(route.path) ? 'tenant' : 'cross-tenant');

/** Whether a function reaches the table or a bucket through tenant sessions: a route that reaches data. */
export const usesTenantSessions = ({ scope, data, files, records }: AccessLevel): boolean =>
  (scope === 'tenant' || scope === 'cross-tenant') && (data !== 'none' || files !== 'none' || records !== undefined);

/** The level of the tenant role a function assumes: what it does with one tenant's data. */
const sessionLevel = ({ data, files, records }: AccessLevel): AccessLevel =>
  accessLevel({ data, files, ...(records ? { records } : {}) }, 'tenant');

/** `TenantDataWriteRole`: the construct id of an access level's role, one per access level. */
export function roleIdOf({ scope, ...granted }: AccessLevel): string {
  const grants = Object.entries(granted)
    .filter(([, level]) => level !== undefined && level !== 'none')
    .map(([field, level]) => `${field}-${level}`);
  // Whom a function serves matters only with the table or the bucket; an event function has a role of its own.
  const who =
    typeof scope === 'object' ? [scope.event] : grants.every((g) => g.startsWith('executions')) ? [] : [scope];
  return `${constructIdOf([...who, ...grants].join('-') || 'no-data')}Role`;
}

/** `container.loadDefault` → `ContainerLoadDefault`: the construct id of a function. */
export function constructIdOf(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** Every data function gets the same settings (shared/config.ts reads them). */
export function dataEnvironment(storage: Storage, config: StageConfig): Record<string, string> {
  return environmentOf({
    tableName: storage.table.tableName,
    bucketName: storage.bucket.bucketName,
    recordsBucketName: storage.recordsBucket.bucketName,
    recordsLockMode: config.recordsLockMode,
    maxBodyBytes: String(config.maxBodyBytes),
    maxUploadBytes: String(config.maxUploadBytes),
    pageSize: String(config.pageSize),
    decisionMeasurementMaxAgeDays: String(config.decisionMeasurementMaxAgeDays),
    corsOrigins: config.corsAllowedOrigins.join(','),
    ...(config.apiBaseUrl ? { apiBaseUrl: config.apiBaseUrl } : {}),
  });
}

/**
 * From the route table: a `start` route names its operation's state machine (STATE_MACHINE_ARNS) and may start it
 * (the start routes share one role, which so may start each of theirs); a `read` route reads the executions (status,
 * history) of every operation's state machine.
 */
export function grantExecutions(fn: ServiceFunction, route: Route, machines: ReadonlyMap<string, StateMachine>): void {
  if (!route.executions) return;
  const own = route.executions === 'start' ? [route.operation.replace(/^service\./, '')] : [...machines.keys()];
  const granted = new Map(
    own
      .map((name) => [name, machines.get(name)])
      .filter((entry): entry is [string, StateMachine] => entry[1] !== undefined),
  );
  if (!granted.size) throw new Error(`${route.operation}: no state machine for its executions`);
  fn.addEnvironment(
    VARIABLES.stateMachineArns,
    Stack.of(fn).toJsonString(
      Object.fromEntries([...granted].map(([name, machine]) => [name, machine.stateMachineArn])),
    ),
  );
  if (route.executions === 'start') {
    for (const machine of granted.values()) machine.grantStartExecution(fn);
    return;
  }
  // An execution's ARN is its machine's, with `execution` and the execution's name: known only once started.
  const executionArns = [...granted.values()].map((machine) =>
    Stack.of(fn).formatArn({
      service: 'states',
      resource: 'execution',
      resourceName: `${machine.stateMachineName}:*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    }),
  );
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['states:DescribeExecution', 'states:GetExecutionHistory'],
      resources: executionArns,
    }),
  );
}

/** A session tag as an IAM policy variable: `${aws:PrincipalTag/client}`. */
const principalTag = (key: string) => `\${aws:PrincipalTag/${key}}`;
/** The partitions and file keys of the session's own tenant, in policy variables (shared/data/table.ts). */
const sessionTenant = tenantPartitions(principalTag(SESSION_TAGS.client), principalTag(SESSION_TAGS.facility));
const sessionFiles = facilityFilesPrefix(principalTag(SESSION_TAGS.client), principalTag(SESSION_TAGS.facility));
/** Every facility's items (an event function's, which serves no caller): `C#*#F#*`, never a client's directory. */
const anyFacility = tenantPartitions('*', '*').facility;

const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];
const tableActions = (data: Access['data']) =>
  data === 'none' ? [] : data === 'read' ? READ_ACTIONS : [...READ_ACTIONS, ...WRITE_ACTIONS];
/** What an event function or a step does with objects: reads, and puts or deletes as its level says. */
const objectActions = (files: Access['files']) => [
  's3:GetObject',
  ...(files === 'write' || files === 'write-delete' ? ['s3:PutObject'] : []),
  ...(files === 'read-delete' || files === 'write-delete' ? ['s3:DeleteObject'] : []),
];

/**
 * Every request names its keys: a call without one (a Scan, which IAM gives no leading keys) is refused even where
 * `ForAllValues` would hold for an empty list.
 */
const KEYS_NAMED = { 'dynamodb:LeadingKeys': 'false' };

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

/**
 * What a function reads across tenants with its own role: Query on its cross-tenant partitions (shared/data/table.ts),
 * in the index and in the table (the page buckets of the all-tenant log live there), keyed by them; where the
 * partitions say which attributes may be read (the uuid index: where a document is), those only.
 */
function grantAllTenantsRead(fn: ServiceFunction, storage: Storage, name: CrossTenantIndex): void {
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
function grantEventData(fn: ServiceFunction, storage: Storage, { data, files, allTenants }: Access): void {
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
  if (files === 'none') return;
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: objectActions(files),
      resources: [storage.bucket.arnForObjects(`${DOCUMENT_FILES_PREFIX}*`)],
    }),
  );
}

/**
 * A maintenance step's grants: the whole table (scans included, and its description: a whole-table operation's
 * segments follow its item count) and the whole bucket (exports, imports, quarantine, listed so that reading a missing
 * object answers 404 rather than 403). Steps serve an operator, across tenants by design. Export and import carry a
 * client's release records: they list and read the records bucket's document files with their retention (what
 * GetObject says of a lock needs s3:GetObjectRetention), and import puts missing ones back under the same lock; no
 * step deletes one.
 */
function grantStepData(fn: ServiceFunction, storage: Storage, { data, files, records }: Access): void {
  if (data !== 'none')
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...tableActions(data), 'dynamodb:Scan', 'dynamodb:DescribeTable'],
        resources: [storage.table.tableArn, `${storage.table.tableArn}/index/*`],
      }),
    );
  if (records) {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [
          's3:GetObject',
          's3:GetObjectRetention',
          ...(records === 'write' ? ['s3:PutObject', 's3:PutObjectRetention'] : []),
        ],
        resources: [storage.recordsBucket.arnForObjects(`${DOCUMENT_FILES_PREFIX}*`)],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [storage.recordsBucket.bucketArn] }),
    );
  }
  if (files === 'none') return;
  fn.addToRolePolicy(
    new PolicyStatement({ actions: objectActions(files), resources: [storage.bucket.arnForObjects('*')] }),
  );
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [storage.bucket.bucketArn] }));
}

/**
 * Least privilege from the route table, for a function of `group` at `level`. A route that reaches data may assume
 * its group's tenant role of the same data level (made on first use, with the policy of grantTenantData) and is told
 * which (TENANT_ROLE_ARN); a cross-tenant route reads its `allTenants` partitions on its own role besides. Event
 * functions and maintenance steps hold their grants themselves.
 */
export function grantAccess(fn: ServiceFunction, group: FunctionGroup, storage: Storage, level: AccessLevel): void {
  if (level.scope === 'step') {
    grantStepData(fn, storage, level);
    return;
  }
  // Its cross-tenant partitions a function reads on its own role, in the index and the table.
  if (level.allTenants) grantAllTenantsRead(fn, storage, level.allTenants);
  if (typeof level.scope === 'object') {
    grantEventData(fn, storage, level);
    return;
  }
  if (!usesTenantSessions(level)) return;
  const role = group.tenantRoleOf(sessionLevel(level), fn.role!);
  fn.addEnvironment(VARIABLES.tenantRoleArn, role.roleArn);
}
