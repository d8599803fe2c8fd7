/**
 * The HTTP API of a stage, from the route table: one function per handler entry (serving its routes,
 * each also with a trailing-slash twin), the Lambda authorizer for token routes, IAM for operator
 * routes, stage throttling, CORS and a JSON access log line per request. Nothing here lists routes.
 * The API, its stage and the authorizer are in the stage's stack; each function with its integration
 * and routes in the stack of its resource group (infra/groups.ts).
 */
import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
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
import {
  HttpIamAuthorizer,
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, CORS_MAX_AGE_SECONDS } from '../shared/http/cors';
import { authorizerEntry, gatewayPathsOf, routeKey, routes, type AuthKind, type Route } from '../shared/routes';
import { executionsEnvironment, grantExecutions, machinesOf } from './access/executions';
import { type AccessLevel, routeAccess } from './access/levels';
import { constructIdOf } from './construct-names';
import { INSTALLED_PACKAGES } from './bundling';
import { RECORD_ASSETS } from '../shared/records/pdfa';
import type { ServiceFunction } from './function';
import type { FunctionGroupProps } from './groups';
import { acknowledge } from './nag';
import { environmentOf } from '../shared/config';

/** The authorizer's: no table, no bucket, no executions. */
const NO_ACCESS: AccessLevel = { data: 'none', files: 'none', scope: 'cross-tenant' };

/** One JSON line per API request in the stage's access log. */
const ACCESS_LOG_FORMAT = {
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

/**
 * The routes grouped by handler entry: one function serves all routes of its entry (`page` and
 * `page/{page}`). Its routes must agree on the operation and on the access they need.
 */
export function routesByEntry(table: readonly Route[] = routes): Map<string, Route[]> {
  const groups = new Map<string, Route[]>();
  for (const route of table) {
    const group = groups.get(route.entry) ?? [];
    const first = group[0];
    if (
      first &&
      (first.operation !== route.operation ||
        first.data !== route.data ||
        first.files !== route.files ||
        first.records !== route.records ||
        first.pdf !== route.pdf ||
        first.allTenants !== route.allTenants)
    ) {
      throw new Error(
        `Routes of ${route.entry} disagree on operation, data or files: ${routeKey(first)} / ${routeKey(route)}`,
      );
    }
    groups.set(route.entry, [...group, route]);
  }
  return groups;
}

export interface ApiProps extends FunctionGroupProps {
  /** The operations' state machines, which the /service routes start and read. */
  readonly stateMachines: ReadonlyMap<string, StateMachine>;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly authorizerFunction: ServiceFunction;
  /** The function of each route, by operation name. */
  readonly routeFunctions: ReadonlyMap<string, ServiceFunction>;

  constructor(scope: Construct, id: string, { stage, config, environment, groups, stateMachines }: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'Api', {
      apiName: `nm-archive-${stage}`,
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [...config.corsAllowedOrigins],
        allowHeaders: [...CORS_ALLOW_HEADERS],
        exposeHeaders: [...CORS_EXPOSE_HEADERS],
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.DELETE,
          CorsHttpMethod.OPTIONS,
        ],
        maxAge: Duration.seconds(CORS_MAX_AGE_SECONDS),
      },
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.throttle.rateLimit, burstLimit: config.throttle.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'ApiAccessLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy }),
        ),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });

    // The authorizer verifies tokens only: no data access, no data settings.
    this.authorizerFunction = groups.of(authorizerEntry).add('Authorizer', {
      access: NO_ACCESS,
      entry: authorizerEntry,
      description: `nm-archive ${stage}: JWT authorizer`,
      environment: environmentOf({
        authIssuer: config.auth.issuer,
        authAudience: config.auth.audience,
        authJwksUri: config.auth.jwksUri,
      }),
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

    const functions = new Map<string, ServiceFunction>();
    for (const [entry, entryRoutes] of routesByEntry()) {
      const first = entryRoutes[0]!;
      // The function, its integration and its routes are in its group's stack; the API and the authorizer in this one.
      const group = groups.of(entry);
      const access = routeAccess(first);
      const machines = machinesOf(first, stateMachines);
      const fn = group.add(constructIdOf(first.operation), {
        access,
        entry,
        ...(first.assets ? { assets: first.assets } : {}),
        ...(first.pdf
          ? { nodeModules: INSTALLED_PACKAGES, assets: [...(first.assets ?? []), ...Object.values(RECORD_ASSETS)] }
          : {}),
        description: `nm-archive ${stage}: ${first.operation} (${entryRoutes.map((r) => routeKey(r)).join(', ')})`,
        environment: { ...environment, ...executionsEnvironment(group, machines) },
      });
      grantExecutions(fn, first.executions, machines);
      functions.set(first.operation, fn);

      // One integration serves all routes of the function; its invoke permission is scoped to this
      // API (any stage and route), as a per-route permission would not cover the trailing-slash twins.
      const integration = new HttpLambdaIntegration(`${constructIdOf(first.operation)}Integration`, fn, {
        scopePermissionToRoute: false,
      });
      for (const route of entryRoutes) {
        for (const path of gatewayPathsOf(route)) {
          // The id is the route key ("/" is the construct path separator): stable when routes move.
          const httpRoute = new HttpRoute(group, `Route ${routeKey(route, path).replaceAll('/', '|')}`, {
            httpApi: this.httpApi,
            routeKey: HttpRouteKey.with(path, HttpMethod[route.method]),
            integration,
            authorizer: authorizers[route.auth],
          });
          if (route.auth === 'public') {
            acknowledge(
              httpRoute,
              'AwsSolutions-APIG4',
              'Public by design: it holds no tenant data (the contract, its docs page, the nuclide table, a ' +
                "container's defaults).",
            );
          }
        }
      }
    }
    this.routeFunctions = functions;
  }
}
