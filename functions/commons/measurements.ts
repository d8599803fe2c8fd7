/** Wiring of the decision measurement functions: the container, its instruments and notices over one session. */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { dynamoContainerReader } from '../../shared/data/container-reader';
import { dynamoInstrumentStore } from '../../shared/data/instruments';
import { dynamoMeasurementStore } from '../../shared/data/measurements';
import { perTenant } from '../../shared/http/tenant';
import { measurementService } from '../../shared/services/measurements';

export const measurements = perTenant((session) => {
  const db = tenantDocumentClient(session);
  return measurementService({
    containers: dynamoContainerReader(db, config.tableName),
    instruments: dynamoInstrumentStore(db, config.tableName),
    notices: dynamoClearanceNoticeStore(db, config.tableName),
    measurements: dynamoMeasurementStore(db, config.tableName),
  });
});
