/**
 * The HTTP API of each stage (infra/api.ts): one function per handler entry, the authorizer, every route and its
 * trailing-slash twin, throttling, CORS and the access log.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routesByEntry } from '../../../infra/stack';
import { gatewayPathsOf, type Route, routeKey, routes } from '../../../shared/routes';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from '../../../shared/http/cors';
import { STAGES } from '../../../infra/stages';
import { type Resource, stageOf } from '../support/stack';

describe('routesByEntry', () => {
  const base: Route = {
    operation: 'x.page',
    summary: 'A page of x.',
    method: 'GET',
    path: '/x/page',
    entry: 'functions/x.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
  };
  it('gives the routes of one entry one function', () => {
    const groups = routesByEntry([base, { ...base, path: '/x/page/{page}' }]);
    expect([...groups.keys()]).toEqual(['functions/x.ts']);
    expect(groups.get('functions/x.ts')).toHaveLength(2);
  });
  it('refuses routes of one entry that need different access', () => {
    expect(() => routesByEntry([base, { ...base, path: '/x/page/{page}', data: 'write' }])).toThrow(/disagree/);
  });
});

describe.each(STAGES)('HTTP API (%s)', (stage) => {
  const { config, template, authorizerFnId, routeFnIds } = stageOf(stage);

  it('lets API Gateway invoke every route function', () => {
    for (const fnId of routeFnIds.values()) {
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
      });
    }
  });

  const authorizers = template.findResources('AWS::ApiGatewayV2::Authorizer') as Record<string, Resource>;
  const authorizerId = Object.keys(authorizers)[0]!;

  it('has a Lambda REQUEST authorizer with simple responses, cached 300 s on Authorization', () => {
    expect(Object.keys(authorizers)).toHaveLength(1);
    expect(authorizers[authorizerId]!.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: 300,
      IdentitySource: ['$request.header.Authorization'],
      AuthorizerPayloadFormatVersion: '2.0',
    });
    expect(JSON.stringify(authorizers[authorizerId]!.Properties.AuthorizerUri)).toContain(
      JSON.stringify({ 'Fn::GetAtt': [authorizerFnId, 'Arn'] }),
    );
  });

  it(
    'registers every route and its trailing-slash twin (greedy, as route keys may not end in "/"), on its own ' +
      'function',
    () => {
      const all = template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>;
      expect(Object.keys(all)).toHaveLength(routes.length * 2);
      expect(Object.values(all).filter((r) => String(r.Properties.RouteKey).endsWith('/'))).toEqual([]);
      const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
      for (const route of routes) {
        const [path, twin] = gatewayPathsOf(route);
        expect(twin).toBe(`${path}/{proxy+}`);
        for (const p of [path, twin]) {
          const found = Object.values(all).filter((r) => r.Properties.RouteKey === routeKey(route, p));
          expect(found, routeKey(route, p)).toHaveLength(1);
          const props = found[0]!.Properties;
          if (route.auth === 'token')
            expect(props).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: authorizerId } });
          if (route.auth !== 'token') {
            expect(props.AuthorizationType).toBe(route.auth === 'public' ? 'NONE' : 'AWS_IAM');
            expect(props.AuthorizerId).toBeUndefined();
          }
          const integrationId = props.Target['Fn::Join'][1][1].Ref as string;
          expect(integrations[integrationId]!.Properties).toMatchObject({
            IntegrationType: 'AWS_PROXY',
            PayloadFormatVersion: '2.0',
            IntegrationUri: { 'Fn::GetAtt': [routeFnIds.get(route.operation), 'Arn'] },
          });
        }
      }
    },
  );

  it('has an explicit $default stage throttled per stage', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: config.throttle.rateLimit,
        ThrottlingBurstLimit: config.throttle.burstLimit,
      },
    });
  });

  it('answers CORS preflight for the stage origins', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: {
        AllowOrigins: [...config.corsAllowedOrigins],
        AllowHeaders: [...CORS_ALLOW_HEADERS],
        ExposeHeaders: [...CORS_EXPOSE_HEADERS],
        AllowMethods: Match.arrayWith(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']),
      },
    });
  });

  it('writes an access log line per API request', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('ApiAccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('requestId.*status.*latency'),
      },
    });
  });
});
