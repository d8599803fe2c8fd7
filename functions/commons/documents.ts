/**
 * Wiring of the document functions: the document store, the document files and the release records (presigned
 * downloads) over the clients of the request's tenant session (shared/http/tenant.ts); the report's search across
 * tenants on the function's own client.
 */
import { db, tenantDocumentClient } from '../../shared/clients/dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { s3FileStorage } from '../../shared/data/files';
import { perTenant } from '../../shared/http/tenant';
import type { ApiRequest } from '../../shared/http/types';
import { documentReport, documentService } from '../../shared/services/documents';

export const documents = perTenant((session) => {
  const s3 = tenantS3Client(session);
  return documentService(
    dynamoDocumentStore(tenantDocumentClient(session), config.tableName),
    s3FileStorage(s3, config.bucketName),
    { pageSize: config.pageSize, maxUploadBytes: config.maxUploadBytes },
    undefined,
    s3FileStorage(s3, config.recordsBucketName),
  );
});

const located = dynamoDocumentStore(db, config.tableName);

/** The report: the uuid's tenant found on the uuid index, the document read with that tenant's session. */
export const report = (request: ApiRequest) =>
  documentReport(located.tenantsOf, (tenant) => documents.forTenant(tenant, request.functionName));
