/**
 * Wiring of the material book's functions: the licence service, and the material service over the request's tenant
 * session with the containers that hold material, the book's lines and their locked copies.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoLicenceStore } from '../../shared/data/licences';
import { dynamoMaterialStore } from '../../shared/data/material';
import { dynamoMaterialBook } from '../../shared/data/material-book';
import type { TenantSession } from '../../shared/clients/tenant-sessions';
import { perTenant } from '../../shared/http/tenant';
import { bookArchive } from '../../shared/services/book-archive';
import { holdingReader } from '../../shared/services/container-book';
import { containerService } from '../../shared/services/containers';
import { licenceService } from '../../shared/services/licences';
import { materialService } from '../../shared/services/material';
import { materialReports } from '../../shared/services/material-reports';

export const licences = perTenant((session) =>
  licenceService(dynamoLicenceStore(tenantDocumentClient(session), config.tableName)),
);

/** The book's parts over one session: its store, the archive of its lines, the containers that hold its material. */
function bookParts(session: TenantSession) {
  const db = tenantDocumentClient(session);
  const material = dynamoMaterialStore(db, config.tableName);
  const archive = bookArchive(s3FileStorage(tenantS3Client(session), config.recordsBucketName), config.recordsLockMode);
  const containers = dynamoContainerStore(db, config.tableName);
  return { db, material, archive, containers };
}

export const material = perTenant((session) => {
  const { db, material, archive, containers } = bookParts(session);
  const lines = dynamoMaterialBook(db, config.tableName);
  return materialService(material, holdingReader(containers), lines, archive);
});

/** The material service and the container contents a TO_CONTAINER movement goes through, over one session. */
export const moving = perTenant((session) => {
  const { db, material, archive, containers } = bookParts(session);
  return {
    material: materialService(material, holdingReader(containers), dynamoMaterialBook(db, config.tableName), archive),
    containers: containerService(containers, { book: { material, archive } }),
  };
});

/** The reports to the authority and the book's verification, over one session (with the records bucket). */
export const reports = perTenant((session) => {
  const { db, material, archive, containers } = bookParts(session);
  const lines = dynamoMaterialBook(db, config.tableName);
  return {
    reports: materialReports(lines, material, materialService(material, holdingReader(containers), lines, archive)),
    records: s3FileStorage(tenantS3Client(session), config.recordsBucketName),
  };
});
