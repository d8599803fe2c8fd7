/** The shapes the HTTP functions work with: the API Gateway v2 event and result, a request and its reply. */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { AuthorizerContext, Caller } from '../auth/claims';
import type { Language } from '../i18n/messages';
import type { Route } from '../routes/types';
import type { Query } from './query';

/** API Gateway v2 event; `authorizer.lambda` is present behind the Lambda authorizer. */
export type ApiEvent = Omit<APIGatewayProxyEventV2, 'requestContext' | 'body'> & {
  body?: unknown;
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { lambda?: AuthorizerContext; iam?: { userArn?: string } };
  };
};
export type ApiResult = APIGatewayProxyStructuredResultV2 & { headers: Record<string, string> };
/** The caller (from the authorizer's context) and the query (checked against the route), set by the middlewares. */
export type ApiContext = Context & { caller?: Caller; query?: Query };

export interface ApiRequest {
  event: ApiEvent;
  route: Route;
  params: Record<string, string>;
  /** The query parameters the route declares, as given (a flag as a boolean); nothing else gets this far. */
  query: Query;
  /** The parsed JSON body (POST and PUT). */
  body: unknown;
  /** The caller; always set on routes with auth other than `public`. */
  identity: Caller | undefined;
  language: Language;
  requestId: string;
  /** The Lambda function's name: a tenant session is named after it (shared/http/tenant.ts). */
  functionName: string;
  header(name: string): string | undefined;
}

export interface ApiReply {
  body: unknown;
  headers?: Record<string, string>;
  /**
   * An answer that is not JSON (the register as CSV, a report as PDF): its media type and its text or bytes; `body` is
   * then ignored.
   */
  raw?: { contentType: string; text: string } | { contentType: string; bytes: Uint8Array };
}

/** Marks the Idempotency-Key middleware (shared/http/idempotency.ts), which every POST route runs. */
export const IDEMPOTENCY = Symbol('idempotency');
export type ApiMiddleware = MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> & { [IDEMPOTENCY]?: true };
