/**
 * The sequence memory of a test's own table: the same stream follower the local runtime runs, with
 * the same writer, pointed at that table (the runtime's follower serves only the runtime's table).
 */
import { followConsumers, type ChangeFollower } from '../../infra/local/streams';
import { changeRecordOf, membershipOf } from '../../shared/data/counted';
import { sequenceWriter } from '../../shared/data/sequence-writer';
import { documentClient, runtime } from './api';

export function followTable(tableName: string): ChangeFollower {
  const writer = sequenceWriter(documentClient(), tableName, membershipOf);
  return followConsumers({
    endpoint: runtime().dynamodbEndpoint,
    tableName,
    deliver: async (records) => void (await writer.apply(records.map(changeRecordOf))),
  });
}
