/** Wiring of the material book's verification: a year's chain against its lines' locked copies (records bucket). */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { tenantS3Client } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoMaterialBook } from '../../shared/data/material-book';
import { perTenant } from '../../shared/http/tenant';
import { bookVerification } from '../../shared/services/material-reports';

export const bookVerifier = perTenant((session) =>
  bookVerification(
    dynamoMaterialBook(tenantDocumentClient(session), config.tableName),
    s3FileStorage(tenantS3Client(session), config.recordsBucketName),
  ),
);
