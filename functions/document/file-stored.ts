/**
 * The S3 object-created handler of the document bucket (an S3 notification on AWS, the emulator's
 * event locally): records each stored file's size, type and times on its document.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { S3Event } from 'aws-lambda';
import { db } from '../../shared/clients/dynamodb';
import { s3 } from '../../shared/clients/s3';
import { logger } from '../../shared/observability';
import { documentServiceOver } from '../commons/document-service';

/** On the function's own role: it reads what lands under documents/ and records it on the document of its key. */
const documents = documentServiceOver(db, s3);

export const handler = middy(async (event: S3Event) => {
  for (const record of event.Records) {
    if (!record.eventName.startsWith('ObjectCreated')) continue;
    // Notification keys are URL-encoded (space as +); document keys are ASCII identifiers anyway.
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const outcome = await documents.fileStored(key);
    (outcome === 'recorded' ? logger.info : logger.warn).call(logger, 'file stored', {
      key,
      outcome,
      size: record.s3.object.size,
    });
  }
}).use(injectLambdaContext(logger, { resetKeys: true }));
