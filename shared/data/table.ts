/**
 * The single table: key attribute names, TTL attribute and the key builders. The CDK stack and the
 * local runtime create the table from TABLE_DEFINITION; the stores build every key with `keys`.
 *
 * | item            | PK                 | SK                                   |
 * |-----------------|--------------------|--------------------------------------|
 * | container       | C#{client}#F#{fac} | CONTAINER#{uuid}#DATA                |
 * | content link    | C#{client}#F#{fac} | CONTAINER#{uuid}#LINK#{kind}#{id}    |
 * | dispatch record | C#{client}#F#{fac} | CONTAINER#{uuid}#DISPATCH            |
 * | dispose record  | C#{client}#F#{fac} | CONTAINER#{uuid}#DISPOSE             |
 * | audit entry     | C#{client}#F#{fac} | AUDIT#CONTAINER#{uuid}#{at}#{id}     |
 * | person          | C#{client}         | PERSON#{uuid}                        |
 * | device          | C#{client}         | DEVICE#{uuid}                        |
 * | probe           | C#{client}         | PROBE#{probe identifier}             |
 * | log entry       | C#{client}#F#{fac} | MLE#{uuid}                           |
 * | log entry count | C#{client}#F#{fac} | COUNT#MLE                            |
 * | log pages (all) | MLE#ALL#{shard}    | PAGES#MLE#{first key}                |
 * | stream progress | C#{client}#F#{fac} | SEQ#PAGES                            |
 * | idempotency     | C#{client}#F#{fac} | IDEMPOTENCY#{function}#{key hash}    |
 * | document        | C#{client}#F#{fac} | DOCUMENT#{uuid}                      |
 * | document count  | C#{client}#F#{fac} | COUNT#DOCUMENT#{collection}          |
 * | document pages  | C#{client}#F#{fac} | PAGES#DOCUMENT#{collection}#{first}  |
 *
 * One Query on `CONTAINER#{uuid}#` reads a container with its links and records; audit entries sit
 * under another prefix so they never add to the cost of a load.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Items with this attribute (epoch seconds) expire. */
  timeToLiveAttribute: 'ExpiresAt',
  /** The change stream the sequence memory is kept from (shared/data/sequence-writer.ts). */
  streamView: 'NEW_AND_OLD_IMAGES',
  /**
   * Overloaded global secondary indexes (projection ALL); each item type documents what it puts in
   * them. Documents: GSI1 all of a facility, GSI2 by state, GSI3 by scope, GSI4 by scope reference
   * (sort key: CreatedAt#Uuid), GSI5 by document uuid alone (the report API). Maintenance log
   * entries: GSI1 all of a facility, GSI2 all of every tenant, write-sharded over MLE#ALL#{shard}
   * (sort key: IncidentDateStart#Uuid).
   */
  indexes: [
    { name: 'GSI1', partitionKey: 'G1PK', sortKey: 'G1SK' },
    { name: 'GSI2', partitionKey: 'G2PK', sortKey: 'G2SK' },
    { name: 'GSI3', partitionKey: 'G3PK', sortKey: 'G3SK' },
    { name: 'GSI4', partitionKey: 'G4PK', sortKey: 'G4SK' },
    { name: 'GSI5', partitionKey: 'G5PK', sortKey: 'G5SK' },
  ],
} as const;
export type IndexName = (typeof TABLE_DEFINITION.indexes)[number]['name'];

export type Tenant = { client: string; facility: string };

export const keys = {
  tenant: (t: Tenant) => `C#${t.client}#F#${t.facility}`,
  client: (client: string) => `C#${client}`,
  containerPrefix: (uuid: string) => `CONTAINER#${uuid}#`,
  container: (uuid: string) => `CONTAINER#${uuid}#DATA`,
  containerLink: (uuid: string, kind: string, id: string) => `CONTAINER#${uuid}#LINK#${kind}#${id}`,
  containerRecord: (uuid: string, kind: 'DISPATCH' | 'DISPOSE') => `CONTAINER#${uuid}#${kind}`,
  audit: (entity: string, uuid: string, at: string, id: string) => `AUDIT#${entity}#${uuid}#${at}#${id}`,
  person: (uuid: string) => `PERSON#${uuid}`,
  device: (uuid: string) => `DEVICE#${uuid}`,
  probe: (identifier: string) => `PROBE#${identifier}`,
  maintenanceEntry: (uuid: string) => `MLE#${uuid}`,
  maintenanceCount: 'COUNT#MLE',
  document: (uuid: string) => `DOCUMENT#${uuid}`,
  documentCount: (collection: string) => `COUNT#DOCUMENT#${collection}`,
  documentPagesPrefix: (collection: string) => `PAGES#DOCUMENT#${collection}#`,
};
