/**
 * The table's change stream → the sequence memory: counters and page buckets of documents and log
 * entries (shared/data/sequence-writer.ts). A failed batch fails the invocation, so the same
 * records are delivered again; every write it makes is guarded, so a second delivery adds nothing.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { db } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { changeRecordOf, membershipOf } from '../../shared/data/counted';
import { sequenceWriter } from '../../shared/data/sequence-writer';
import { logger } from '../../shared/observability';

const writer = sequenceWriter(db, config.tableName, membershipOf);

export const handler = middy(async (event: DynamoDBStreamEvent) => {
  const applied = await writer.apply(event.Records.map(changeRecordOf));
  logger.info('sequence memory applied', { records: event.Records.length, ...applied });
}).use(injectLambdaContext(logger, { resetKeys: true }));
