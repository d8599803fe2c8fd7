/**
 * One stack per stage, read as a list of intentions: storage (table, bucket), the maintenance
 * operations (state machines and their steps), the HTTP API from the route table, the event
 * functions, and what watches them. Everything about routes and grants is derived from the route
 * table (shared/routes/) and the table from shared/data/table.ts; nothing here lists routes.
 * The functions and what serves them are in nested stacks, one per resource group (infra/groups.ts).
 */
import { Annotations, CfnOutput, Names, Stack, Tags, type CfnElement, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct, IConstruct } from 'constructs';
import { eventFunctions, routes } from '../shared/routes';
import { constructIdOf } from './construct-names';
import { Api } from './api';
import { Backups } from './backup';
import { Events } from './events';
import { dataEnvironment } from './function-settings';
import type { ServiceFunction } from './function';
import { ResourceGroups } from './groups';
import { Monitoring } from './monitoring';
import { acknowledge } from './nag';
import { DOCUMENT_FILES_PREFIX, facilityFilesPrefix } from '../shared/domain/document';
import { SESSION_TAGS } from '../shared/clients/tenant-sessions';
import { Operations } from './operations';
import { MAP_RUN_LABEL } from '../shared/operations/machine';
import { isSegmented, operations } from '../shared/routes/operations';
import type { StageConfig } from './stages';
import { Storage } from './storage';

export { routesByEntry } from './api';

export interface ServiceStackProps extends StackProps {
  readonly stage: string;
  readonly config: StageConfig;
}

export class ServiceStack extends Stack {
  readonly table: ITable;
  readonly bucket: Bucket;
  readonly recordsBucket: Bucket;
  /** The stage's backups (prod), or none. */
  readonly backups: Backups | undefined;
  readonly api: HttpApi;
  readonly authorizerFunction: ServiceFunction;
  /** The function of each route, by operation name. */
  readonly routeFunctions: ReadonlyMap<string, ServiceFunction>;
  readonly stateMachines: ReadonlyMap<string, StateMachine>;
  readonly stepFunctions: ReadonlyMap<string, ServiceFunction>;
  /** The event-driven functions, by name. */
  readonly eventFunctions: ReadonlyMap<string, ServiceFunction>;
  /** Where events that failed every attempt wait (S3 and schedule functions, the stream's parked batches). */
  readonly deadLetterQueues: readonly Queue[];
  /** The stage's dashboard, alarms and alarm topic (infra/monitoring.ts). */
  readonly monitoring: Monitoring;
  /** The resource groups: a nested stack each, with the functions of one folder of functions/ (infra/groups.ts). */
  readonly groups: ResourceGroups;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { stage, config } = props;
    Tags.of(this).add('service', 'nm-archive');
    Tags.of(this).add('stage', stage);
    if (config.usesPlaceholders) {
      Annotations.of(this).addWarningV2(
        'nm-archive:placeholders',
        'Auth issuer/JWKS or CORS origins are example.com placeholders: pass -c authIssuer=... -c authAudience=... ' +
          '-c ' +
          'authJwksUri=... -c corsOrigins=... before deploying for real use.',
      );
    }

    // What holds data stays here, under the logical ids it always had; the functions go to their groups' stacks.
    const storage = new Storage(this, 'Storage', { stage, config });
    // prod: AWS Backup of the table and the records bucket into a locked vault, 30 years (infra/backup.ts).
    this.backups = config.backups
      ? new Backups(this, 'Backups', { stage, table: storage.table, recordsBucket: storage.recordsBucket })
      : undefined;
    const environment = dataEnvironment(storage, config);
    this.groups = new ResourceGroups(this, 'Groups', { stage, config, storage });
    const built = { stage, config, storage, environment, groups: this.groups };
    const operations = new Operations(this, 'Operations', built);
    const api = new Api(this, 'Api', { ...built, stateMachines: operations.stateMachines });
    const events = new Events(this, 'Events', built);
    // Watched: a dashboard and alarms (5xx rate, p99 latency, throttles, failed executions, dead letters).
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      api: api.httpApi,
      table: storage.table,
      functions: [
        api.authorizerFunction,
        ...api.routeFunctions.values(),
        ...operations.stepFunctions.values(),
        ...events.functions.values(),
      ],
      stateMachines: operations.stateMachines,
      deadLetterQueues: events.deadLetterQueues,
    });

    this.table = storage.table;
    this.bucket = storage.bucket;
    this.recordsBucket = storage.recordsBucket;
    this.api = api.httpApi;
    this.authorizerFunction = api.authorizerFunction;
    this.routeFunctions = api.routeFunctions;
    this.stateMachines = operations.stateMachines;
    this.stepFunctions = operations.stepFunctions;
    this.eventFunctions = events.functions;
    this.deadLetterQueues = events.deadLetterQueues;
    this.acknowledgeFindings();

    new CfnOutput(this, 'ApiUrl', {
      value: api.stage.url,
      description: "The API's address (smoke: npm run --silent smoke -- --url <ApiUrl> --token <jwt>)",
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
    new CfnOutput(this, 'RecordsBucketName', {
      value: this.recordsBucket.bucketName,
      description: 'Release records under S3 Object Lock (kept when the stack is deleted)',
    });
    if (storage.replication)
      new CfnOutput(this, 'RecordsReplicaBucketName', {
        value: storage.replication.destinationBucketName,
        description:
          `The records' replica under S3 Object Lock in ${config.replicaRegion} ` +
          `(stack NmArchive-${stage}-Replica)`,
      });
    if (this.backups)
      new CfnOutput(this, 'BackupVaultName', {
        value: this.backups.vault.backupVaultName,
        description: 'AWS Backup vault (compliance-mode lock) of the table and the records bucket (docs/restore.md)',
      });
    if (this.backups)
      new CfnOutput(this, 'BackupRoleArn', {
        value: this.backups.role.roleArn,
        description:
          'The role AWS Backup backs up and restores with (docs/restore.md: start-restore-job --iam-role-arn)',
      });
    new CfnOutput(this, 'DashboardName', {
      value: this.monitoring.dashboard.dashboardName,
      description: "The stage's CloudWatch dashboard",
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.topic.topicArn,
      description: 'Every alarm notifies this SNS topic: subscribe to it',
    });
    for (const [name, machine] of this.stateMachines)
      new CfnOutput(this, `${constructIdOf(name)}StateMachineArn`, {
        value: machine.stateMachineArn,
        description: `State machine of ${name}`,
      });
  }

  /**
   * The cdk-nag findings that are right for this service, each with its reason; every other finding
   * fails the synthesis (infra/app.ts, test/infra/nag.test.ts). Wildcards are acknowledged only as
   * the exact resources they are, on the roles that hold them (one per resource group and access level).
   */
  private acknowledgeFindings(): void {
    /** How cdk-nag names a resource's ARN where `user` is: its logical id, or the parameter a nested stack takes. */
    const arnOf = (resource: IConstruct, user: IConstruct) => {
      const element = resource.node.defaultChild as CfnElement | undefined;
      // A table the stage did not create (a restored one, docs/restore.md) is named by its ARN, as cdk-nag spells it.
      if (!element) return `arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/${this.table.tableName}`;
      return Stack.of(resource) === Stack.of(user)
        ? `<${Stack.of(resource).getLogicalId(element)}.Arn>`
        : `<referenceto${Names.uniqueId(element)}Arn>`;
    };
    const stepRoles = new Set([...this.stepFunctions.values()].map((fn) => fn.role!));
    for (const role of new Set(this.groups.all().flatMap((group) => [...group.roles.values()]))) {
      acknowledge(
        role,
        'AwsSolutions-IAM5[Resource::*]',
        'X-Ray (active tracing) accepts trace segments on Resource "*" only; the stream function\'s event source ' +
          'mapping lists streams on "*" as well.',
      );
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::${arnOf(this.table, role)}/index/*]`,
        "Queries name the table's own indexes; index/* is this table's indexes and nothing else.",
      );
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::${arnOf(this.bucket, role)}/${stepRoles.has(role) ? '' : DOCUMENT_FILES_PREFIX}*]`,
        stepRoles.has(role)
          ? 'Maintenance steps write exports, quarantine copies and reports under a new key per run, and read ' +
              'imports named by the operator.'
          : `Every document file has its own key under ${DOCUMENT_FILES_PREFIX}; the prefix is the narrowest ` +
              'resource that covers them.',
      );
    }
    // A tenant role's wildcards end in its session's own tenant (infra/access/tenant-role.ts grantTenantData); cdk-nag
    // writes a policy variable `${aws:PrincipalTag/client}` as `<aws:PrincipalTag/client>`.
    const sessionFilesAsNagSays = facilityFilesPrefix(
      `<aws:PrincipalTag/${SESSION_TAGS.client}>`,
      `<aws:PrincipalTag/${SESSION_TAGS.facility}>`,
    );
    for (const role of this.groups.all().flatMap((group) => [...group.tenantRoles.values()])) {
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::${arnOf(this.table, role)}/index/*]`,
        "Queries name the table's own indexes, and only the partitions of the session's facility " +
          '(dynamodb:LeadingKeys, from its session tags).',
      );
      for (const bucket of [this.bucket, this.recordsBucket])
        acknowledge(
          role,
          `AwsSolutions-IAM5[Resource::${arnOf(bucket, role)}/${sessionFilesAsNagSays}*]`,
          "The session's own facility's document files and release records: every file has its own key there.",
        );
    }
    const synchronous = [this.authorizerFunction, ...this.routeFunctions.values(), ...this.stepFunctions.values()];
    for (const fn of synchronous) {
      acknowledge(
        fn,
        'Serverless-LambdaDLQ',
        'Invoked synchronously (API Gateway, the authorizer, Step Functions): the caller receives the error; a ' +
          'dead-letter queue applies to asynchronous invocations only.',
      );
    }
    for (const role of new Set([...this.stateMachines.values()].map((machine) => machine.role))) {
      acknowledge(
        role,
        'AwsSolutions-IAM5[Resource::*]',
        'Log delivery to CloudWatch Logs (logs:CreateLogDelivery and its kin) and X-Ray accept Resource "*" only.',
      );
    }
    for (const op of operations.filter((o) => o.step.records)) {
      const role = this.stepFunctions.get(op.name)!.role!;
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::${arnOf(this.recordsBucket, role)}/${DOCUMENT_FILES_PREFIX}*]`,
        `${op.name} carries a client's release records: every record has its own key under ` +
          `${DOCUMENT_FILES_PREFIX}, the narrowest resource that covers a client's.`,
      );
    }
    for (const event of eventFunctions.filter((e) => e.records)) {
      const role = this.eventFunctions.get(event.name)!.role!;
      acknowledge(
        role,
        `AwsSolutions-IAM5[Resource::${arnOf(this.recordsBucket, role)}/${DOCUMENT_FILES_PREFIX}*]`,
        `${event.name} checks every facility's release records and keeps a register line's locked copy: every ` +
          `record and line has its own key under ${DOCUMENT_FILES_PREFIX}, the narrowest resource that covers them.`,
      );
    }
    for (const [name, machine] of this.stateMachines) {
      const machineId = Stack.of(machine).getLogicalId(machine.node.defaultChild as CfnElement);
      const executions = `arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:<${machineId}.Name>:*`;
      if (isSegmented(operations.find((o) => o.name === name)!))
        for (const children of ['/*', `/${MAP_RUN_LABEL}:*`])
          acknowledge(
            machine,
            `AwsSolutions-IAM5[Resource::${executions.slice(0, -2)}${children}]`,
            `A Distributed Map's child executions of ${name} are named when its Map Run starts them; the machine's ` +
              'own Map Run executions are the narrowest resource (Step Functions: IAM policies for Distributed Map).',
          );
      for (const route of routes.filter((r) => r.executions === 'read')) {
        acknowledge(
          this.routeFunctions.get(route.operation)!.role!,
          `AwsSolutions-IAM5[Resource::${executions}]`,
          `An execution of ${name} is named when it starts; its state machine's executions are the narrowest resource.`,
        );
      }
    }
    // CDK's own helper functions (bucket notifications, emptying the dev bucket on deletion).
    for (const helper of this.node.children.filter((c) =>
      /^(BucketNotificationsHandler|Custom::S3AutoDeleteObjects)/.test(c.node.id),
    )) {
      acknowledge(
        helper,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'A helper function CDK itself adds, with the role CDK gives it (bucket notifications, emptying the dev ' +
          'bucket ' +
          'on deletion).',
      );
    }
  }
}
