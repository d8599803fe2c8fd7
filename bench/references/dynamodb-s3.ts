/**
 * Reference for the document functions: a handler that creates only the DynamoDB document client and
 * the S3 client (with the options every client of the service gets), with the SDK's presigners, as those functions
 * do at load, and does nothing else.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { POLICY_CLIENT_OPTIONS } from '../../shared/retry';

const db = DynamoDBDocumentClient.from(new DynamoDBClient(POLICY_CLIENT_OPTIONS));
const s3 = new S3Client(POLICY_CLIENT_OPTIONS);
export const handler = async () => ({
  statusCode: 200,
  body: [typeof db, typeof s3, typeof createPresignedPost, typeof getSignedUrl].join(),
});
