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
 *
 * One Query on `CONTAINER#{uuid}#` reads a container with its links and records; audit entries sit
 * under another prefix so they never add to the cost of a load.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Items with this attribute (epoch seconds) expire. */
  timeToLiveAttribute: 'ExpiresAt',
} as const;

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
};
