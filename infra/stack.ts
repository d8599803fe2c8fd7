/**
 * One stack per stage: the table, the file bucket, the HTTP API with its Lambda authorizer, one
 * function per handler of the route table (serving its routes, each also with a trailing slash) and
 * one per event function. Everything about routes and grants is derived from shared/routes.ts and
 * the table from shared/data/table.ts; nothing here lists routes.
 */
import { Annotations, ArnFormat, CfnOutput, Duration, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpIamAuthorizer, HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { COUNTED_TYPES } from '../shared/data/counted';
import { BlockPublicAccess, Bucket, BucketEncryption, EventType, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { DefinitionBody, LogLevel, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { operationStateMachine, STEP_TIMEOUT_SECONDS } from '../shared/operations/machine';
import { implementedOperations } from '../shared/routes/operations';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../shared/data/table';
import {
  authorizerEntry,
  eventFunctions,
  gatewayPathsOf,
  routeKey,
  routes,
  type AuthKind,
  type DataAccess,
  type EventFunction,
  type Route,
} from '../shared/routes';
import { ServiceFunction } from './function';
import type { StageConfig } from './stages';

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

    this.bucket = new Bucket(this, 'Files', {
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
    const dataFunction = (name: string, entry: string, access: Access, what: string, assets?: readonly string[]): ServiceFunction => {
      const fn = new ServiceFunction(this, constructIdOf(name), {
        entry,
        ...(assets ? { assets } : {}),
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
      this.grantAccess(fn, op.step);
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
        }
      }
    }
    this.routeFunctions = routeFunctions;

    const eventFunctionsByName = new Map<string, ServiceFunction>();
    for (const event of eventFunctions) {
      const fn = dataFunction(event.name, event.entry, event, event.source);
      switch (event.source) {
        case 'files:objectCreated':
          this.bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn));
          break;
        case 'table:changes': {
          // One ordered writer per shard (a facility's items share a partition, so a shard):
          // batches in order, a failed batch retried (halved to find a bad record), then parked.
          const parked = new Queue(this, `${constructIdOf(event.name)}Failed`, { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
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
          new Rule(this, `${constructIdOf(event.name)}Schedule`, { schedule: Schedule.rate(Duration.minutes(RELEASE_SWEEP_MINUTES)), targets: [new LambdaFunction(fn, { retryAttempts: 2 })] });
          break;
      }
      eventFunctionsByName.set(event.name, fn);
    }
    this.eventFunctions = eventFunctionsByName;

    new CfnOutput(this, 'ApiUrl', { value: apiStage.url });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
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
   * Least privilege from the route table. Table: `read` reads, `write` reads and writes. Files:
   * `read` reads objects (presigned downloads), `write` also puts them (presigned uploads),
   * `write-delete` also deletes them. Nothing else, and no bucket-level write.
   */
  private grantAccess(fn: ServiceFunction, { data, files }: Access): void {
    const tableGrant: Record<DataAccess, () => void> = {
      none: () => {},
      read: () => this.table.grantReadData(fn),
      write: () => this.table.grantReadWriteData(fn),
    };
    tableGrant[data]();
    if (files !== 'none') this.bucket.grantRead(fn);
    if (files === 'write' || files === 'write-delete') this.bucket.grantPut(fn);
    if (files === 'write-delete') this.bucket.grantDelete(fn);
  }
}
