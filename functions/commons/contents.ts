/**
 * Wiring of a container's contents' listing over the request's tenant session: the container store alone. Adding and
 * removing a content may move material of the book and are wired with it (./booked-containers.ts).
 */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { perTenant } from '../../shared/http/tenant';
import { containerContents } from '../../shared/services/container-contents';
import { requestTime } from '../../shared/replay';

export const contentsReading = perTenant((session) =>
  containerContents(dynamoContainerStore(tenantDocumentClient(session), config.tableName), requestTime),
);
