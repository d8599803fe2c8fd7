/**
 * The stack built from other inputs than a stage's defaults (each synthesized here, on its own): context overrides
 * and a route table with an operator route (its module mocked, so this file runs isolated, not in the `stack` project).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it, vi } from 'vitest';
import type { Route } from '../../shared/routes';
import { type Resource, synthesize } from './support/stack';

describe('context overrides', () => {
  it('reach the authorizer environment and the CORS rules', () => {
    const context = {
      authIssuer: 'https://id.test/pool',
      authAudience: 'aud',
      authJwksUri: 'https://id.test/pool/jwks',
      corsOrigins: 'https://app.test',
    };
    const { stack, template, idOf } = synthesize('prod', context);
    const env = (template.toJSON().Resources[idOf(stack.authorizerFunction)] as Resource).Properties.Environment
      .Variables;
    expect(env).toMatchObject({
      AUTH_ISSUER: 'https://id.test/pool',
      AUTH_AUDIENCE: 'aud',
      AUTH_JWKS_URI: 'https://id.test/pool/jwks',
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({ AllowOrigins: ['https://app.test'] }),
    });
  });
});

describe('operator routes', () => {
  it('use IAM authorization', async () => {
    // No operator route exists yet: add one to the table for this test only.
    vi.resetModules();
    vi.doMock('../../shared/routes', async (importOriginal) => {
      const actual = await importOriginal<typeof import('../../shared/routes')>();
      const operatorRoute: Route = {
        operation: 'service.test',
        summary: 'A test.',
        method: 'POST',
        path: '/service/test',
        entry: 'functions/authorizer.ts',
        auth: 'operator',
        data: 'none',
        files: 'none',
      };
      return { ...actual, routes: [...actual.routes, operatorRoute] };
    });
    try {
      const { ServiceStack: MockedStack } = await import('../../infra/stack');
      const { template } = synthesize('dev', {}, MockedStack);
      for (const key of ['POST /service/test', 'POST /service/test/{proxy+}']) {
        template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
          RouteKey: key,
          AuthorizationType: 'AWS_IAM',
          AuthorizerId: Match.absent(),
        });
      }
    } finally {
      vi.doUnmock('../../shared/routes');
      vi.resetModules();
    }
  });
});
