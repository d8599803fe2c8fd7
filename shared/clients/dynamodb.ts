/** The DynamoDB document client every function shares (created once per container, at cold start). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

export function createDocumentClient(endpoint = config.dynamodbEndpoint): DynamoDBDocumentClient {
  const client = new DynamoDBClient({ region: config.region, ...(endpoint ? { endpoint } : {}), maxAttempts: 4 });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export const db = createDocumentClient();
