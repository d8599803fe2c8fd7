/**
 * Wiring of a container's reads over the request's tenant session: the container and its history need the container
 * reader alone (shared/data/container-reader.ts), so their functions load neither the container's writes nor its
 * contents or release act (shared/services/container-reads.ts). The assessment is wired in ./assessments.ts, the
 * contents' listing in ./contents.ts, the writes in ./containers.ts: each wiring is a call the bundler keeps in every
 * function that imports its module, hence a module each.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerReader } from '../../shared/data/container-reader';
import { perTenant } from '../../shared/http/tenant';
import { containerReads } from '../../shared/services/container-reads';

export const containerReading = perTenant((session) =>
  containerReads(dynamoContainerReader(tenantDocumentClient(session), config.tableName)),
);
