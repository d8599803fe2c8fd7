/**
 * One stack per stage: the table, the file bucket, the HTTP API with its Lambda authorizer, one
 * function per handler of the route table (serving its routes, each also with a trailing slash) and
 * one per event function. Everything about routes and grants is derived from shared/routes.ts and
 * the table from shared/data/table.ts; nothing here lists routes.
 */
import { Annotations, ArnFormat, CfnOutput, Validations, type CfnElement, Duration, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpIamAuthorizer, HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { COUNTED_TYPES } from '../shared/data/counted';
import { BlockPublicAccess, Bucket, BucketEncryption, EventType, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { DefinitionBody, LogLevel, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { operationStateMachine, STEP_TIMEOUT_SECONDS } from '../shared/operations/machine';
import { implementedOperations } from '../shared/routes/operations';
import type { Construct, IConstruct } from 'constructs';
import { TABLE_DEFINITION } from '../shared/data/table';
import { DOCUMENT_FILES_PREFIX } from '../shared/domain/document';
import {
  authorizerEntry,
  eventFunctions,
  gatewayPathsOf,
  routeKey,
  routes,
  type AuthKind,
  type EventFunction,
  type Route,
} from '../shared/routes';
import { ServiceFunction } from './function';
import { Monitoring } from './monitoring';
import type { StageConfig } from './stages';

/**
 * Acknowledges a cdk-nag finding (AwsSolutions or Serverless pack, v3: CDK's Validations) on a
 * construct and what is under it, with the reason it is right here.
 */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `${rule.split('-')[0]}::${rule}`, reason });
}

/** One JSON line per API request in the stage's access log. */
const API_ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
};

/** How often the release sweep runs on AWS (a container is moved at most this long after its ReleaseDateTime). */
export const RELEASE_SWEEP_MINUTES = 1;

export interface ServiceStackProps extends StackProps {
  readonly stage: string;
  readonly config: StageConfig;
}

/** What a function may do with the table and the bucket (from the route table). */
type Access = Pick<EventFunction, 'data' | 'files'>;

/** `container.loadDefault` → `ContainerLoadDefault`: the construct id of a function. */
export function constructIdOf(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * The routes grouped by handler entry: one function serves all routes of its entry (`page` and
 * `page/{page}`). Its routes must agree on the operation and on the access they need.
 */
export function routesByEntry(table: readonly Route[] = routes): Map<string, Route[]> {
  const groups = new Map<string, Route[]>();
  for (const route of table) {
    const group = groups.get(route.entry) ?? [];
    const first = group[0];
    if (first && (first.operation !== route.operation || first.data !== route.data || first.files !== route.files)) {
      throw new Error(`Routes of ${route.entry} disagree on operation, data or files: ${routeKey(first)} / ${routeKey(route)}`);
    }
    groups.set(route.entry, [...group, route]);
  }
  return groups;
}

export class ServiceStack extends Stack {
  readonly table: Table;
  readonly bucket: Bucket;
  readonly api: HttpApi;
  readonly authorizerFunction: ServiceFunction;
  /** The function of each route, by operation name. */
  readonly stateMachines: ReadonlyMap<string, StateMachine>;
  readonly stepFunctions: ReadonlyMap<string, ServiceFunction>;
  readonly routeFunctions: ReadonlyMap<string, ServiceFunction>;
  /** The event-driven functions, by name. */
  readonly eventFunctions: ReadonlyMap<string, ServiceFunction>;
  /** Where events that failed every attempt wait (S3 and schedule functions, the stream's parked batches). */
  readonly deadLetterQueues: readonly Queue[];
  /** The stage's dashboard, alarms and alarm topic (infra/monitoring.ts). */
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { stage, config } = props;
    const corsOrigins = [...config.corsAllowedOrigins];
    Tags.of(this).add('service', 'nm-archive');
    Tags.of(this).add('stage', stage);
    if (config.usesPlaceholders) {
      Annotations.of(this).addWarningV2(
        'nm-archive:placeholders',
        'Auth issuer/JWKS or CORS origins are example.com placeholders: pass -c authIssuer=... -c authAudience=... -c authJwksUri=... -c corsOrigins=... before deploying for real use.',
      );
    }

    /** A queue that keeps what failed every attempt (it is itself the dead-letter queue: none behind it). */
    const deadLetterQueues: Queue[] = [];
    this.deadLetterQueues = deadLetterQueues;
    const parkingQueue = (id: string) => {
      const queue = new Queue(this, id, { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
      deadLetterQueues.push(queue);
      acknowledge(queue, 'AwsSolutions-SQS3', 'This queue is the dead-letter queue of failed events.');
      acknowledge(queue, 'Serverless-SQSRedrivePolicy', 'This queue is the dead-letter queue of failed events.');
      return queue;
    };

    this.table = new Table(this, 'Table', {
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
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

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
    acknowledge(accessLogs, 'AwsSolutions-S1', 'This bucket is the target of the file bucket\'s access logs; logging it would log its own log deliveries.');
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
          allowedOrigins: corsOrigins,
          allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.POST, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.autoDeleteObjects,
    });

    this.api = new HttpApi(this, 'Api', {
      apiName: `nm-archive-${stage}`,
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: corsOrigins,
        allowHeaders: ['Authorization', 'Content-Type', 'If-Match', 'Accept-Language'],
        exposeHeaders: ['ETag'],
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT, CorsHttpMethod.DELETE, CorsHttpMethod.OPTIONS],
        maxAge: Duration.hours(1),
      },
    });
    const apiStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.throttle.rateLimit, burstLimit: config.throttle.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(new LogGroup(this, 'ApiAccessLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy })),
        format: AccessLogFormat.custom(JSON.stringify(API_ACCESS_LOG_FORMAT)),
      },
    });

    // The authorizer verifies tokens only: no data access, no data settings.
    this.authorizerFunction = new ServiceFunction(this, 'Authorizer', {
      entry: authorizerEntry,
      stageName: stage,
      config,
      description: `nm-archive ${stage}: JWT authorizer`,
      environment: {
        AUTH_ISSUER: config.auth.issuer,
        AUTH_AUDIENCE: config.auth.audience,
        AUTH_JWKS_URI: config.auth.jwksUri,
      },
    });
    const authorizers: Record<AuthKind, IHttpRouteAuthorizer> = {
      public: new HttpNoneAuthorizer(),
      token: new HttpLambdaAuthorizer('TokenAuthorizer', this.authorizerFunction, {
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        resultsCacheTtl: Duration.seconds(300),
        identitySource: ['$request.header.Authorization'],
      }),
      // Operators sign their requests with their own AWS credentials.
      operator: new HttpIamAuthorizer(),
    };

    // Every data function gets the same settings (shared/config.ts reads them).
    const dataEnvironment = {
      TABLE_NAME: this.table.tableName,
      BUCKET_NAME: this.bucket.bucketName,
      MAX_BODY_BYTES: String(config.maxBodyBytes),
      MAX_UPLOAD_BYTES: String(config.maxUploadBytes),
      PAGE_SIZE: String(config.pageSize),
      CORS_ALLOWED_ORIGINS: corsOrigins.join(','),
    };
    const dataFunction = (name: string, entry: string, access: Access, what: string, assets?: readonly string[], deadLetterQueue?: Queue): ServiceFunction => {
      const fn = new ServiceFunction(this, constructIdOf(name), {
        entry,
        ...(assets ? { assets } : {}),
        ...(deadLetterQueue ? { deadLetterQueue } : {}),
        stageName: stage,
        config,
        description: `nm-archive ${stage}: ${name} (${what})`,
        environment: dataEnvironment,
      });
      this.grantAccess(fn, access);
      return fn;
    };

    // Maintenance operations: a step function per operation, looped by its state machine, whose
    // definition (retries, failure state) is shared/operations/machine.ts, as the local runtime runs it.
    const machines = new Map<string, StateMachine>();
    const stepFunctions = new Map<string, ServiceFunction>();
    for (const op of implementedOperations) {
      const id = constructIdOf(`${op.name}Step`);
      const fn = new ServiceFunction(this, id, {
        entry: op.step.entry,
        stageName: stage,
        config,
        description: `nm-archive ${stage}: ${op.name} step`,
        environment: dataEnvironment,
        timeout: Duration.seconds(STEP_TIMEOUT_SECONDS),
      });
      this.grantAccess(fn, op.step, { step: true });
      stepFunctions.set(op.name, fn);
      const machine = new StateMachine(this, constructIdOf(`${op.name}Machine`), {
        definitionBody: DefinitionBody.fromString(JSON.stringify(operationStateMachine(op.name, '${StepFunctionArn}'))),
        definitionSubstitutions: { StepFunctionArn: fn.functionArn },
        logs: { destination: new LogGroup(this, constructIdOf(`${op.name}MachineLogs`), { retention: config.logRetention, removalPolicy: config.removalPolicy }), level: LogLevel.ALL, includeExecutionData: true },
        tracingEnabled: true,
      });
      // The one function its Task names, by its exact ARN.
      machine.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
      machines.set(op.name, machine);
    }
    this.stateMachines = machines;
    this.stepFunctions = stepFunctions;

    const routeFunctions = new Map<string, ServiceFunction>();
    for (const [entry, entryRoutes] of routesByEntry()) {
      const { operation } = entryRoutes[0]!;
      const fn = dataFunction(operation, entry, entryRoutes[0]!, entryRoutes.map((r) => routeKey(r)).join(', '), entryRoutes[0]!.assets);
      routeFunctions.set(operation, fn);
      this.grantExecutions(fn, entryRoutes[0]!, machines);

      // One integration serves all routes of the function; its invoke permission is scoped to this
      // API (any stage and route), as a per-route permission would not cover the trailing-slash twins.
      const integration = new HttpLambdaIntegration(`${constructIdOf(operation)}Integration`, fn, { scopePermissionToRoute: false });
      for (const route of entryRoutes) {
        for (const path of gatewayPathsOf(route)) {
          // The id is the route key ("/" is the construct path separator): stable when routes move.
          new HttpRoute(this, `Route ${routeKey(route, path).replaceAll('/', '|')}`, {
            httpApi: this.api,
            routeKey: HttpRouteKey.with(path, HttpMethod[route.method]),
            integration,
            authorizer: authorizers[route.auth],
          });
          if (route.auth === 'public') acknowledge(this.node.findChild(`Route ${routeKey(route, path).replaceAll('/', '|')}`), 'AwsSolutions-APIG4', 'Public by design: it holds no tenant data (the contract, its docs page, the nuclide table, a container\'s defaults).');
        }
      }
    }
    this.routeFunctions = routeFunctions;

    const eventFunctionsByName = new Map<string, ServiceFunction>();
    for (const event of eventFunctions) {
      // Events delivered asynchronously (S3, EventBridge) that fail every attempt are kept here.
      const failed = event.source === 'table:changes' ? undefined : parkingQueue(`${constructIdOf(event.name)}Failed`);
      const fn = dataFunction(event.name, event.entry, event, event.source, undefined, failed);
      if (!failed) acknowledge(fn, 'Serverless-LambdaDLQ', 'Invoked by its event source mapping, whose on-failure destination keeps the failed batches.');
      switch (event.source) {
        case 'files:objectCreated':
          // Document files only: exports, imports and quarantine copies are no documents' files.
          this.bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn), { prefix: DOCUMENT_FILES_PREFIX });
          break;
        case 'table:changes': {
          // One ordered writer per shard (a facility's items share a partition, so a shard):
          // batches in order, a failed batch retried (halved to find a bad record), then parked.
          const parked = parkingQueue(`${constructIdOf(event.name)}Failed`);
          const countedImage = (image: 'NewImage' | 'OldImage') => FilterCriteria.filter({ dynamodb: { [image]: { Type: { S: FilterRule.or(...COUNTED_TYPES) } } } });
          fn.addEventSource(new DynamoEventSource(this.table, {
            startingPosition: StartingPosition.TRIM_HORIZON,
            batchSize: 100,
            parallelizationFactor: 1,
            bisectBatchOnError: true,
            retryAttempts: 20,
            onFailure: new SqsDlq(parked),
            filters: [countedImage('NewImage'), countedImage('OldImage')],
          }));
          break;
        }
        case 'schedule':
          // The release sweep reads the sparse release index (shared/data/containers.ts), no scan.
          new Rule(this, `${constructIdOf(event.name)}Schedule`, { schedule: Schedule.rate(Duration.minutes(RELEASE_SWEEP_MINUTES)), targets: [new LambdaFunction(fn, { retryAttempts: 2, deadLetterQueue: failed })] });
          break;
      }
      eventFunctionsByName.set(event.name, fn);
    }
    this.eventFunctions = eventFunctionsByName;

    // Watched: a dashboard and alarms (5xx rate, p99 latency, throttles, failed executions, dead letters).
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      api: this.api,
      table: this.table,
      functions: [this.authorizerFunction, ...routeFunctions.values(), ...stepFunctions.values(), ...eventFunctionsByName.values()],
      stateMachines: machines,
      deadLetterQueues,
    });

    this.acknowledgeFindings();

    new CfnOutput(this, 'ApiUrl', { value: apiStage.url, description: 'The API\'s address (smoke: npm run --silent smoke -- --url <ApiUrl> --token <jwt>)' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
    new CfnOutput(this, 'DashboardName', { value: this.monitoring.dashboard.dashboardName, description: 'The stage\'s CloudWatch dashboard' });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn, description: 'Every alarm notifies this SNS topic: subscribe to it' });
    for (const [name, machine] of machines) new CfnOutput(this, `${constructIdOf(name)}StateMachineArn`, { value: machine.stateMachineArn, description: `State machine of ${name}` });
  }

  /**
   * The cdk-nag findings that are right for this service, each with its reason; every other finding
   * fails the synthesis (infra/app.ts, test/infra/nag.test.ts). Wildcards are acknowledged only as
   * the exact resources they are.
   */
  private acknowledgeFindings(): void {
    const arnOf = (construct: IConstruct) => `<${this.getLogicalId(construct.node.defaultChild as CfnElement)}.Arn>`;
    const table = arnOf(this.table);
    const files = arnOf(this.bucket);
    const synchronous = [this.authorizerFunction, ...this.routeFunctions.values(), ...this.stepFunctions.values()];
    for (const fn of [...synchronous, ...this.eventFunctions.values()]) {
      const role = fn.role!;
      acknowledge(role, 'AwsSolutions-IAM5[Resource::*]', 'X-Ray (active tracing) accepts trace segments on Resource "*" only; the stream function\'s event source mapping lists streams on "*" as well.');
      acknowledge(role, `AwsSolutions-IAM5[Resource::${table}/index/*]`, 'Queries name the table\'s own indexes; index/* is this table\'s indexes and nothing else.');
      acknowledge(role, `AwsSolutions-IAM5[Resource::${files}/documents/*]`, 'Every document file has its own key under documents/; the prefix is the narrowest resource that covers them.');
    }
    for (const fn of this.stepFunctions.values()) {
      acknowledge(fn.role!, `AwsSolutions-IAM5[Resource::${files}/*]`, 'Maintenance steps write exports, quarantine copies and reports under a new key per run, and read imports named by the operator.');
    }
    for (const fn of synchronous) {
      acknowledge(fn, 'Serverless-LambdaDLQ', 'Invoked synchronously (API Gateway, the authorizer, Step Functions): the caller receives the error; a dead-letter queue applies to asynchronous invocations only.');
    }
    for (const machine of this.stateMachines.values()) {
      acknowledge(machine, 'AwsSolutions-IAM5[Resource::*]', 'Log delivery to CloudWatch Logs (logs:CreateLogDelivery and its kin) and X-Ray accept Resource "*" only.');
    }
    for (const [name, machine] of this.stateMachines) {
      const executions = `arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:<${this.getLogicalId(machine.node.defaultChild as CfnElement)}.Name>:*`;
      for (const route of routes.filter((r) => r.executions === 'read')) {
        acknowledge(this.routeFunctions.get(route.operation)!.role!, `AwsSolutions-IAM5[Resource::${executions}]`, `An execution of ${name} is named when it starts; its state machine's executions are the narrowest resource.`);
      }
    }
    // CDK's own helper functions (bucket notifications, emptying the dev bucket on deletion).
    for (const helper of this.node.children.filter((c) => /^(BucketNotificationsHandler|Custom::S3AutoDeleteObjects)/.test(c.node.id))) {
      acknowledge(helper, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', 'A helper function CDK itself adds, with the role CDK gives it (bucket notifications, emptying the dev bucket on deletion).');
    }
  }

  /**
   * From the route table: a `start` route starts its operation's state machine and only that one;
   * a `read` route reads the executions (status, history) of every operation's state machine.
   */
  private grantExecutions(fn: ServiceFunction, route: Route, machines: ReadonlyMap<string, StateMachine>): void {
    if (!route.executions) return;
    const own = route.executions === 'start' ? [route.operation.replace(/^service\./, '')] : [...machines.keys()];
    const granted = new Map(own.map((name) => [name, machines.get(name)]).filter((entry): entry is [string, StateMachine] => entry[1] !== undefined));
    if (!granted.size) throw new Error(`${route.operation}: no state machine for its executions`);
    fn.addEnvironment('STATE_MACHINE_ARNS', this.toJsonString(Object.fromEntries([...granted].map(([name, machine]) => [name, machine.stateMachineArn]))));
    if (route.executions === 'start') {
      for (const machine of granted.values()) machine.grantStartExecution(fn);
      return;
    }
    // An execution's ARN is its machine's, with `execution` and the execution's name: known only once started.
    const executionArns = [...granted.values()].map((machine) => this.formatArn({ service: 'states', resource: 'execution', resourceName: `${machine.stateMachineName}:*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['states:DescribeExecution', 'states:GetExecutionHistory'], resources: executionArns }));
  }

  /**
   * Least privilege from the route table, checked against every request the test run makes
   * (test/support/iam.ts). Table and indexes: `read` gets, batch-gets and queries; `write` also
   * puts, updates, deletes (Idempotency-Key records of a failed request too), batch-writes and
   * checks conditions in transactions. Only maintenance steps scan. Objects: `read` gets (presigned
   * downloads), `write` also puts (presigned uploads), `-delete` deletes; API and event functions
   * only under the document files' prefix, steps anywhere in the bucket (exports, imports,
   * quarantine) and may list it, so that reading a missing object answers 404 rather than 403.
   */
  private grantAccess(fn: ServiceFunction, { data, files }: Access, { step = false } = {}): void {
    if (data !== 'none') {
      const actions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
      if (data === 'write') actions.push('dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem');
      if (step) actions.push('dynamodb:Scan');
      fn.addToRolePolicy(new PolicyStatement({ actions, resources: [this.table.tableArn, `${this.table.tableArn}/index/*`] }));
    }
    if (files === 'none') return;
    const actions = ['s3:GetObject'];
    if (files === 'write' || files === 'write-delete') actions.push('s3:PutObject');
    if (files === 'read-delete' || files === 'write-delete') actions.push('s3:DeleteObject');
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [this.bucket.arnForObjects(step ? '*' : `${DOCUMENT_FILES_PREFIX}*`)] }));
    if (step) fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }));
  }

}
