/**
 * Wiring of the document functions: the document store, the document files and the release records (presigned
 * downloads) over the clients of the request's tenant session (shared/http/tenant.ts); the report's search across
 * tenants on the function's own client.
 */
import { db, tenantDocumentClient } from '../../shared/clients/dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { perTenant } from '../../shared/http/tenant';
import type { ApiRequest } from '../../shared/http/types';
import { documentReport } from '../../shared/services/documents';
import { documentServiceOver } from './document-service';

export const documents = perTenant((session) =>
  documentServiceOver(tenantDocumentClient(session), tenantS3Client(session)),
);

const located = dynamoDocumentStore(db, config.tableName);

/** The report: the uuid's tenant found on the uuid index, the document read with that tenant's session. */
export const report = (request: ApiRequest) =>
  documentReport(located.tenantsOf, (tenant) => documents.forTenant(tenant, request.functionName));
