/**
 * Wiring of the functions that release containers (the release route, and the update, which releases when a body
 * sets the release): the release act over the shared clients, the records bucket and the PDF renderer.
 */
import { db } from '../../shared/clients/dynamodb';
import { s3 } from '../../shared/clients/s3';
import { config } from '../../shared/config';
import { dynamoContainerStore } from '../../shared/data/containers';
import { s3FileStorage } from '../../shared/data/files';
import { dynamoReleaseRegister } from '../../shared/data/releases';
import { renderReleaseRecord } from '../../shared/records/pdf';
import { containerService } from '../../shared/services/containers';
import { releaseAct, releaseService } from '../../shared/services/releases';

const store = dynamoContainerStore(db, config.tableName);
const act = releaseAct(store, {
  records: s3FileStorage(s3, config.recordsBucketName),
  lockMode: config.recordsLockMode,
  render: renderReleaseRecord,
});

/** The container service whose updates may release. */
export const releasingContainers = containerService(store, undefined, act);
export const releases = releaseService(store, dynamoReleaseRegister(db, config.tableName), act);
