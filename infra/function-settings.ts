/** The settings every data function gets, from the stage's storage and settings (shared/config.ts reads them). */
import { environmentOf } from '../shared/config';
import type { StageConfig } from './stages';
import type { Storage } from './storage';

export function dataEnvironment(storage: Storage, config: StageConfig): Record<string, string> {
  return environmentOf({
    tableName: storage.table.tableName,
    bucketName: storage.bucket.bucketName,
    recordsBucketName: storage.recordsBucket.bucketName,
    recordsLockMode: config.recordsLockMode,
    maxBodyBytes: String(config.maxBodyBytes),
    maxUploadBytes: String(config.maxUploadBytes),
    pageSize: String(config.pageSize),
    decisionMeasurementMaxAgeDays: String(config.decisionMeasurementMaxAgeDays),
    corsOrigins: config.corsAllowedOrigins.join(','),
    ...(config.apiBaseUrl ? { apiBaseUrl: config.apiBaseUrl } : {}),
  });
}
