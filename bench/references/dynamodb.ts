/**
 * Reference: a handler that creates only the DynamoDB document client, with the options every client of the service
 * gets (as the functions do at load), and does nothing else.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { POLICY_CLIENT_OPTIONS } from '../../shared/retry';

const db = DynamoDBDocumentClient.from(new DynamoDBClient(POLICY_CLIENT_OPTIONS));
export const handler = async () => ({ statusCode: 200, body: typeof db });
