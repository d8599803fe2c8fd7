/**
 * Wiring of the material book's item reads over the request's tenant session: an item, the items and an item's
 * movements need the items alone, so their functions load neither the S3 client nor the containers' store. The stock
 * and the reports, which also read the book's lines and the containers that hold material, are wired in ./stock.ts
 * and ./reports.ts; the book's writes and its verification, which reach the lines' locked copies in the records
 * bucket, in ./book.ts; the licences in ./licences.ts and a movement into a container in ./moving.ts. Each wiring is a
 * call the bundler keeps in every function that imports its module, hence a module each.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoMaterialStore } from '../../shared/data/material';
import { perTenant } from '../../shared/http/tenant';
import { materialReads } from '../../shared/services/material-reads';

/** The book's item reads: an item, the items (all or a page), an item's movements. */
export const materialReading = perTenant((session) =>
  materialReads(dynamoMaterialStore(tenantDocumentClient(session), config.tableName)),
);
