/**
 * Wiring of the material book's functions: the material service over the request's tenant session with the
 * containers that hold material, the book's lines and their locked copies; the reports beside it. The licences are
 * wired in ./licences.ts and a movement into a container in ./moving.ts, so these functions bundle neither.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoMaterialBook } from '../../shared/data/material-book';
import type { TenantSession } from '../../shared/clients/tenant-sessions';
import { perTenant } from '../../shared/http/tenant';
import { holdingReader } from '../../shared/services/container-book';
import { materialService } from '../../shared/services/material';
import { materialReports } from '../../shared/services/material-reports';
import { bookPortOf } from './book';

/** The material service over one session: the book's store and archive, the containers that hold its material. */
function materialOver(session: TenantSession) {
  const db = tenantDocumentClient(session);
  const { material, archive } = bookPortOf(session, db);
  const lines = dynamoMaterialBook(db, config.tableName);
  return {
    material,
    lines,
    service: materialService(material, holdingReader(dynamoContainerStore(db, config.tableName)), lines, archive),
  };
}

export const material = perTenant((session) => materialOver(session).service);

/** The reports to the authority and the book's verification, over one session (with the records bucket). */
export const reports = perTenant((session) => {
  const { material, lines, service } = materialOver(session);
  return {
    reports: materialReports(lines, material, service),
    records: s3FileStorage(tenantS3Client(session), config.recordsBucketName),
  };
});
