/**
 * Wiring of a container's creation and deletion over the request's tenant session (shared/http/tenant.ts): the
 * container store's reads, creation and deletion alone (shared/data/container-lifecycle.ts,
 * shared/services/container-lifecycle.ts). The update, which may release, is wired in
 * ./releases.ts; the contents that may come from the material book in ./booked-containers.ts (only they load the
 * records bucket's client); the reads in ./container-reads.ts, ./assessments.ts and ./contents.ts.
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerLifecycle } from '../../shared/data/container-lifecycle';
import { perTenant } from '../../shared/http/tenant';
import { containerLifecycle } from '../../shared/services/container-lifecycle';

export const containers = perTenant((session) =>
  containerLifecycle(dynamoContainerLifecycle(tenantDocumentClient(session), config.tableName)),
);
