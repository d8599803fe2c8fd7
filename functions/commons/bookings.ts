/**
 * Wiring of the book's receipts and elutions: the material service over the request's tenant session, with the
 * containers that hold material and the lines' locked copies in the records bucket (./book.ts).
 */
import { perTenant } from '../../shared/http/tenant';
import { materialService } from '../../shared/services/material';
import { bookPortOf } from './book';
import { bookOver } from './stock';

export const material = perTenant((session) => {
  const { db, holding, lines } = bookOver(session);
  const { material, archive } = bookPortOf(session, db);
  return materialService(material, holding, lines, archive);
});
