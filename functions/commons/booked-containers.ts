import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { perTenant } from '../../shared/http/tenant';
import { containerService } from '../../shared/services/containers';
import { bookPortOf } from './book';

/**
 * The container service whose contents may be drawn from the material book (adding and removing contents): the book's
 * items and head over the same session, and its lines' locked copies in the records bucket.
 */
export const bookedContainers = perTenant((session) => {
  const db = tenantDocumentClient(session);
  return containerService(dynamoContainerStore(db, config.tableName), {
    book: bookPortOf(session, db),
  });
});
