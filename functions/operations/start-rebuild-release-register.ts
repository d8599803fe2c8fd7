import { startHandler } from '../../shared/http/start-operation';

/** GET /service/rebuild-release-register/{clientUuid}/{facilityUuid}: starts the operation's state machine. */
export const handler = startHandler('rebuildReleaseRegister');
