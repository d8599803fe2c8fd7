/**
 * What each function may do, derived from the route table (its `data`, `files` and `executions`),
 * and the settings every data function gets. Least privilege, checked against every request the test
 * run makes (test/support/iam.ts).
 */
import { ArnFormat, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { environmentOf, VARIABLES } from '../shared/config';
import { DOCUMENT_FILES_PREFIX } from '../shared/domain/document';
import type { EventFunction, Route } from '../shared/routes';
import type { ServiceFunction } from './function';
import type { StageConfig } from './stages';
import type { Storage } from './storage';

/** What a function may do with the table and the buckets (from the route table). */
export type Access = Pick<EventFunction, 'data' | 'files'> & Pick<Route, 'records'>;

/**
 * The access level of a function, which picks its role (one per resource group and access level): what it may do
 * with the table, the bucket and the executions, and for whom: `tenant` (its path names the one tenant it serves),
 * `cross-tenant` (a route across tenants: the reports, the operator routes), `step` (a maintenance step: the whole
 * table and bucket), or an event function (a role of its own, which also holds its event source's grants).
 */
export interface AccessLevel extends Access {
  readonly executions?: Route['executions'];
  readonly scope: 'tenant' | 'cross-tenant' | 'step' | { readonly event: string };
}

const TENANT_PATH = /\{clientUuid\}.*\{facilityUuid\}/;

/** The route table's fields that say what a function may do: a role is shared only where all of them agree. */
const ACCESS_FIELDS = ['data', 'files', 'records', 'executions'] as const satisfies readonly (keyof Route)[];

/** The access level of what the route table says a function may do, for `scope`. */
export function accessLevel(grants: Access & Pick<Route, 'executions'>, scope: AccessLevel['scope']): AccessLevel {
  const granted = Object.fromEntries(ACCESS_FIELDS.flatMap((field) => (grants[field] ? [[field, grants[field]]] : [])));
  return { ...(granted as Access), scope };
}

/** A route's access level, from the route table. */
export const routeAccess = (route: Route): AccessLevel =>
  accessLevel(route, TENANT_PATH.test(route.path) ? 'tenant' : 'cross-tenant');

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

/**
 * Least privilege from the route table, checked against every request the test run makes
 * (test/support/iam.ts). Table and indexes: `read` gets, batch-gets and queries; `write` also
 * puts, updates, deletes (Idempotency-Key records of a failed request too), batch-writes and
 * checks conditions in transactions. Only maintenance steps scan. Objects: `read` gets (presigned
 * downloads), `write` also puts (presigned uploads), `-delete` deletes; API and event functions
 * only under the document files' prefix, steps anywhere in the bucket (exports, imports,
 * quarantine) and may list it, so that reading a missing object answers 404 rather than 403. Release
 * records: functions that present documents read them (presigned downloads); `records: 'write'` stores them
 * with their retention; nothing deletes them.
 */
export function grantData(
  fn: ServiceFunction,
  storage: Storage,
  { data, files, records }: Access,
  { step = false } = {},
): void {
  if (data !== 'none') {
    const actions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
    if (data === 'write')
      actions.push(
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
      );
    if (step) actions.push('dynamodb:Scan');
    fn.addToRolePolicy(
      new PolicyStatement({ actions, resources: [storage.table.tableArn, `${storage.table.tableArn}/index/*`] }),
    );
  }
  if (records === 'write') {
    // A record is stored with its own Object Lock retention (s3:PutObjectRetention), never deleted.
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:PutObjectRetention'],
        resources: [storage.recordsBucket.arnForObjects(`${DOCUMENT_FILES_PREFIX}*`)],
      }),
    );
  }
  if (files === 'none') return;
  // Presenting documents presigns downloads of release records too (they are documents of the facility).
  if (!step && (files === 'read' || files === 'write'))
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [storage.recordsBucket.arnForObjects(`${DOCUMENT_FILES_PREFIX}*`)],
      }),
    );
  const actions = ['s3:GetObject'];
  if (files === 'write' || files === 'write-delete') actions.push('s3:PutObject');
  if (files === 'read-delete' || files === 'write-delete') actions.push('s3:DeleteObject');
  fn.addToRolePolicy(
    new PolicyStatement({
      actions,
      resources: [storage.bucket.arnForObjects(step ? '*' : `${DOCUMENT_FILES_PREFIX}*`)],
    }),
  );
  if (step)
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [storage.bucket.bucketArn] }));
}
