/**
 * The DynamoDB document client every function shares (created once per container, at cold start), and the clients of
 * tenant sessions over its connections.
 */
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { applyRetryPolicy, POLICY_CLIENT_OPTIONS } from '../retry';
import { perSession } from './tenant-sessions';

/** The low-level client; the SDK does not retry on its own: shared/retry.ts is the one policy. */
export function createDynamoClient(
  endpoint = config.dynamodbEndpoint,
  overrides: Partial<DynamoDBClientConfig> = {},
): DynamoDBClient {
  return applyRetryPolicy(
    new DynamoDBClient({
      region: config.region,
      ...(endpoint ? { endpoint } : {}),
      ...POLICY_CLIENT_OPTIONS,
      ...overrides,
    }),
  );
}

export function createDocumentClient(
  endpoint = config.dynamodbEndpoint,
  client = createDynamoClient(endpoint),
): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export const dynamo = createDynamoClient();
export const db = createDocumentClient(config.dynamodbEndpoint, dynamo);

/**
 * The document client of a tenant session (shared/clients/tenant-sessions.ts): it signs with the session's
 * credentials, over the function's own connections; one per session, made on first use.
 */
export const tenantDocumentClient = perSession(
  (session): DynamoDBDocumentClient =>
    createDocumentClient(
      config.dynamodbEndpoint,
      createDynamoClient(config.dynamodbEndpoint, {
        credentials: session.credentials,
        requestHandler: dynamo.config.requestHandler,
      }),
    ),
);
