import { startHandler } from '../../shared/http/start-operation';

export const handler = startHandler('migrateReleaseTypes');
