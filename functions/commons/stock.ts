/**
 * Wiring of the book's stock over the request's tenant session: it reads the items, the book's lines and the
 * containers that hold material, all in the table (no S3 client). The reports (./reports.ts) and the book's writes
 * (./bookings.ts) stand on the same three.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import type { TenantSession } from '../../shared/clients/tenant-sessions';
import { config } from '../../shared/config';
import { dynamoHoldingStore } from '../../shared/data/holding';
import { dynamoMaterialStore } from '../../shared/data/material';
import { dynamoMaterialBook } from '../../shared/data/material-book';
import { perTenant } from '../../shared/http/tenant';
import { holdingReader } from '../../shared/services/container-book';
import { materialStock } from '../../shared/services/material-stock';

/** The book's items and lines over one session, and the containers that hold its material (their index alone). */
export function bookOver(session: TenantSession) {
  const db = tenantDocumentClient(session);
  const holding = holdingReader(dynamoHoldingStore(db, config.tableName));
  return { db, holding, lines: dynamoMaterialBook(db, config.tableName) };
}

/** The stock at a moment. */
export const stockReading = perTenant((session) => {
  const { db, holding, lines } = bookOver(session);
  return materialStock(dynamoMaterialStore(db, config.tableName), holding, lines);
});
