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
 * | book contents   | C#{client}#F#{fac} | CONTAINER#{uuid}#BOOK (GSI1 holding) |
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
 * | release entry   | C#{client}#F#{fac} | RELEASE#{released at}#{container}    |
 * | register head   | C#{client}#F#{fac} | REGISTER#HEAD                        |
 * | clearance notice| C#{client}#F#{fac} | NOTICE#{uuid}                        |
 * | instrument      | C#{client}#F#{fac} | INSTRUMENT#{uuid}                    |
 * | function check  | C#{client}#F#{fac} | CHECK#INSTRUMENT#{inst}#{at}#{uuid}  |
 * | measurement     | C#{client}#F#{fac} | MEASUREMENT#CONTAINER#{c}#{at}#{uuid}|
 * | facility entry  | C#{client}#F#{fac} | SEQ#FACILITY (GSI1: C#{client}, fac) |
 * | licence         | C#{client}#F#{fac} | LICENCE#{uuid}                       |
 * | material item   | C#{client}#F#{fac} | MATERIAL#{uuid}                      |
 * | material pages  | C#{client}#F#{fac} | PAGES#MATERIAL#{collection}#{first}  |
 * | book line       | C#{client}#F#{fac} | BOOK#{booked at}#{line}              |
 * | book head       | C#{client}#F#{fac} | REGISTER#HEAD#MATERIAL_BOOK          |
 * | archive progress| C#{client}#F#{fac} | ARCHIVE#{record uuid} (GSI3: pending)|
 *
 * One Query on `CONTAINER#{uuid}#` reads a container with its links and records; audit entries and
 * decision measurements sit under other prefixes so they never add to the cost of a load. Function checks
 * and measurements sort by their time: the last one at or before a time is one Query with Limit 1.
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
   * (sort key: IncidentDateStart#Uuid). Facility entries: GSI1 the facilities of a client (its directory key).
   * Material items: GSI1 the facility's items by state (so those in stock apart), GSI2 all of them (sort key:
   * ReceivedAt#Uuid). A container's book contents: GSI1 the facility's containers holding material of the book.
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

/** The `Type` of every stored item, in one place. */
export const ITEM_TYPES = {
  container: 'Container',
  containerLink: 'ContainerLink',
  dispatch: 'Dispatch',
  dispose: 'Dispose',
  audit: 'Audit',
  person: 'Person',
  device: 'Device',
  probe: 'Probe',
  document: 'Document',
  maintenanceEntry: 'MaintenanceLogEntry',
  counter: 'Counter',
  pageBucket: 'PageBucket',
  sequenceProgress: 'SequenceProgress',
  releaseEntry: 'ReleaseRegisterEntry',
  registerHead: 'RegisterHead',
  clearanceNotice: 'ClearanceNotice',
  instrument: 'Instrument',
  instrumentCheck: 'InstrumentCheck',
  decisionMeasurement: 'DecisionMeasurement',
  facility: 'Facility',
  licence: 'Licence',
  materialItem: 'MaterialItem',
  bookLine: 'MaterialBookLine',
  bookHead: 'MaterialBookHead',
  containerBook: 'ContainerBook',
  archiveProgress: 'ArchiveProgress',
  facilitySettings: 'FacilitySettings',
  survey: 'Survey',
} as const;

/** A stored item's record: exactly `fields`, a missing one as null (the table's own keys and index keys left out). */
export const recordOf = <R>(fields: readonly string[], item: Record<string, unknown>): R =>
  Object.fromEntries(fields.map((f) => [f, item[f] ?? null])) as R;

const IDEMPOTENCY_PREFIX = 'IDEMPOTENCY#';
/** A release's record and line on their way into the records bucket (shared/data/archive-progress.ts). */
const ARCHIVE_PREFIX = 'ARCHIVE#';
/** A partition's counters (of its documents' collections, of its log entries). */
const COUNTER_PREFIX = 'COUNT#';
/** The sequence writer's own items in a facility partition: its progress on shared buckets, the facility's entry. */
const SEQUENCE_PREFIX = 'SEQ#';

/**
 * The head of a facility's register chain (its last line's hash), derived from the lines when missing; the material
 * book's head lies under it (its key begins with it), so both are bookkeeping.
 */
const REGISTER_HEAD = 'REGISTER#HEAD';

/**
 * Where in a partition the service keeps items for itself rather than records of the data: counters, page buckets,
 * Idempotency-Key records (written by Powertools, with no Type), the register chain's head and the sequence writer's
 * items. In sort-key order; what lies between them is data (shared/operations/client-items.ts reads only there).
 */
export const BOOKKEEPING_PREFIXES = [
  ARCHIVE_PREFIX,
  COUNTER_PREFIX,
  IDEMPOTENCY_PREFIX,
  'PAGES#',
  REGISTER_HEAD,
  SEQUENCE_PREFIX,
] as const;

/** Bookkeeping items: never exported, validated or removed as invalid; regenerateSequenceMemory keeps them. */
export function isBookkeeping(item: { Type?: unknown; SK?: unknown }): boolean {
  return (
    [
      ITEM_TYPES.counter,
      ITEM_TYPES.pageBucket,
      ITEM_TYPES.sequenceProgress,
      ITEM_TYPES.facility,
      ITEM_TYPES.registerHead,
      ITEM_TYPES.bookHead,
      ITEM_TYPES.archiveProgress,
    ].includes(item.Type as never) || BOOKKEEPING_PREFIXES.some((prefix) => String(item.SK).startsWith(prefix))
  );
}

/** The write shard (0..count-1) of a key (FNV-1a): the same key always lands on the same shard. */
export function shardOf(key: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % count;
}

const auditPrefix = (entity: string, uuid: string) => `AUDIT#${entity}#${uuid}#`;
const NOTICE_PREFIX = 'NOTICE#';
const LICENCE_PREFIX = 'LICENCE#';
const MATERIAL_PREFIX = 'MATERIAL#';
const BOOK_PREFIX = 'BOOK#';
const INSTRUMENT_PREFIX = 'INSTRUMENT#';
const DOCUMENT_COUNT_PREFIX = `${COUNTER_PREFIX}DOCUMENT#`;

/** Every partition of a tenant (a client's directory, a facility's items) begins with this. */
export const TENANT_PARTITION_PREFIX = 'C#';

export const keys = {
  tenant: (t: Tenant) => `${TENANT_PARTITION_PREFIX}${t.client}#F#${t.facility}`,
  client: (client: string) => `${TENANT_PARTITION_PREFIX}${client}`,
  containerPrefix: (uuid: string) => `CONTAINER#${uuid}#`,
  container: (uuid: string) => `CONTAINER#${uuid}#DATA`,
  containerLink: (uuid: string, kind: string, id: string) => `CONTAINER#${uuid}#LINK#${kind}#${id}`,
  containerRecord: (uuid: string, kind: 'DISPATCH' | 'DISPOSE') => `CONTAINER#${uuid}#${kind}`,
  /** What a container holds of the material book, while its material has not left (the stock reads it). */
  containerBook: (uuid: string) => `CONTAINER#${uuid}#BOOK`,
  /** An entity's audit entries, oldest first. */
  auditPrefix,
  audit: (entity: string, uuid: string, at: string, id: string) => `${auditPrefix(entity, uuid)}${at}#${id}`,
  person: (uuid: string) => `PERSON#${uuid}`,
  device: (uuid: string) => `DEVICE#${uuid}`,
  probe: (identifier: string) => `PROBE#${identifier}`,
  /** A probe keyed by its device (an older stored shape, see migrateProbeIdentifier). */
  probeByDevicePrefix: 'PROBE#DEVICE#',
  maintenanceEntry: (uuid: string) => `MLE#${uuid}`,
  maintenanceCount: `${COUNTER_PREFIX}MLE`,
  /** Every counter of a partition begins with this. */
  counterPrefix: COUNTER_PREFIX,
  document: (uuid: string) => `DOCUMENT#${uuid}`,
  documentCountPrefix: DOCUMENT_COUNT_PREFIX,
  documentCount: (collection: string) => `${DOCUMENT_COUNT_PREFIX}${collection}`,
  documentPagesPrefix: (collection: string) => `PAGES#DOCUMENT#${collection}#`,
  materialPagesPrefix: (collection: string) => `PAGES#MATERIAL#${collection}#`,
  /** A line of a facility's release register, by the time of the release (a year's lines share a prefix). */
  releaseEntry: (releasedAt: string, containerUuid: string) => `RELEASE#${releasedAt}#${containerUuid}`,
  releaseEntryPrefix: 'RELEASE#',
  /** The head of a facility's register chain: its last line's hash. */
  registerHead: REGISTER_HEAD,
  releaseYearPrefix: (year: number) => `RELEASE#${String(year).padStart(4, '0')}-`,
  /** A facility's clearance notices and instruments, each under a prefix of its own. */
  clearanceNoticePrefix: NOTICE_PREFIX,
  clearanceNotice: (uuid: string) => `${NOTICE_PREFIX}${uuid}`,
  instrumentPrefix: INSTRUMENT_PREFIX,
  instrument: (uuid: string) => `${INSTRUMENT_PREFIX}${uuid}`,
  /** An instrument's function checks, oldest first by the time of the check. */
  instrumentChecksPrefix: (instrument: string) => `CHECK#INSTRUMENT#${instrument}#`,
  instrumentCheck: (instrument: string, checkedAt: string, uuid: string) =>
    `CHECK#INSTRUMENT#${instrument}#${checkedAt}#${uuid}`,
  /** A facility's settings (its regime, time zone, record language). */
  settings: 'SETTINGS',
  /** A container's decay-in-storage surveys, oldest first by the time of the survey. */
  surveysPrefix: (container: string) => `SURVEY#CONTAINER#${container}#`,
  survey: (container: string, surveyedAt: string, uuid: string) =>
    `SURVEY#CONTAINER#${container}#${surveyedAt}#${uuid}`,
  /** A container's decision measurements, oldest first by the time of the measurement. */
  measurementsPrefix: (container: string) => `MEASUREMENT#CONTAINER#${container}#`,
  measurement: (container: string, measuredAt: string, uuid: string) =>
    `MEASUREMENT#CONTAINER#${container}#${measuredAt}#${uuid}`,
  /** A facility's licences and material items, each under a prefix of its own. */
  licencePrefix: LICENCE_PREFIX,
  licence: (uuid: string) => `${LICENCE_PREFIX}${uuid}`,
  materialPrefix: MATERIAL_PREFIX,
  material: (uuid: string) => `${MATERIAL_PREFIX}${uuid}`,
  /** A line of the facility's material book, by the time it was booked (a year's lines share a prefix). */
  bookLinePrefix: BOOK_PREFIX,
  /** The head of the facility's material book. */
  bookHead: `${REGISTER_HEAD}#MATERIAL_BOOK`,
  /** The stream writer's progress on a facility's shared page buckets. */
  sequenceProgress: `${SEQUENCE_PREFIX}PAGES`,
  /** A facility's entry in its client's facility index (GSI1 on the client's key), written by the stream writer. */
  facilityEntry: `${SEQUENCE_PREFIX}FACILITY`,
  /** An Idempotency-Key record of a POST (`{operation}#{hash}`). */
  idempotency: (key: string) => `${IDEMPOTENCY_PREFIX}${key}`,
  /** A release's archive progress, by its record document. */
  archiveProgress: (recordUuid: string) => `${ARCHIVE_PREFIX}${recordUuid}`,
};

/** The tenant of a facility partition key (`C#{client}#F#{facility}`), undefined for any other key. */
export function tenantOfPartition(pk: string): Tenant | undefined {
  const match = /^C#([^#]+)#F#([^#]+)$/.exec(pk);
  return match ? { client: match[1]!, facility: match[2]! } : undefined;
}

/** A facility's index partitions all begin with this: its key (`keys.tenant`) and the separator. */
const facilityIndexPrefix = (tenantKey: string) => `${tenantKey}#`;

/**
 * Index partitions that span tenants, by what reads them: each reader reads them with a role of its own and no
 * tenant's session (infra/access/function-grants.ts, docs/security.md). The partition key begins with `prefix`,
 * never with `C#`.
 */
export const CROSS_TENANT_INDEXES = {
  /**
   * GSI5: a document by its uuid alone (the report API, whose path names no tenant). Read for `attributes` only:
   * where a document is, never what it holds.
   */
  documentUuids: { index: 'GSI5', prefix: 'DOCUMENT#', attributes: ['Client', 'Facility'] },
  /** GSI2: every tenant's maintenance log entries, write-sharded (role reporter); the table has their page buckets. */
  maintenanceLog: { index: 'GSI2', prefix: 'MLE#ALL#' },
  /** GSI3: the DECAY containers with a release date, write-sharded (the release sweep). */
  releaseDue: { index: 'GSI3', prefix: 'CONTAINER#RELEASE_DUE#' },
  /** GSI3: the releases whose record or line is not yet archived, write-sharded (the archive check). */
  archivePending: { index: 'GSI3', prefix: 'ARCHIVE#PENDING#' },
} as const satisfies Record<string, { index: IndexName; prefix: string; attributes?: readonly string[] }>;
export type CrossTenantIndex = keyof typeof CROSS_TENANT_INDEXES;

/** Index partitions: a facility's by its partition key (`keys.tenant`), and the cross-tenant ones. */
export const indexKeys = {
  /** GSI1: a facility's documents; GSI2: by state; GSI3: by scope; GSI4: by scope reference. */
  documents: (tenantKey: string) => `${facilityIndexPrefix(tenantKey)}DOCUMENTS`,
  documentsInState: (tenantKey: string, state: string) => `${facilityIndexPrefix(tenantKey)}DOCUMENTS#STATE#${state}`,
  documentsInScope: (tenantKey: string, scope: string) => `${facilityIndexPrefix(tenantKey)}DOCUMENTS#SCOPE#${scope}`,
  documentsOfReference: (tenantKey: string, scope: string, reference: string) =>
    `${facilityIndexPrefix(tenantKey)}DOCUMENTS#REF#${scope}#${reference}`,
  /** GSI1: the facilities of a client (their entries' partition key is the client's directory key). */
  clientFacilities: (client: string) => keys.client(client),
  /** GSI1: a facility's maintenance log entries. */
  maintenanceEntries: (tenantKey: string) => `${facilityIndexPrefix(tenantKey)}MLE`,
  /** GSI1: a facility's material items in a state (IN_STOCK: the open ones); GSI2: all of them. */
  materialInState: (tenantKey: string, state: string) => `${facilityIndexPrefix(tenantKey)}MATERIAL#STATE#${state}`,
  material: (tenantKey: string) => `${facilityIndexPrefix(tenantKey)}MATERIAL`,
  /** GSI1: a facility's containers holding material of the book that has not left the facility. */
  containersHolding: (tenantKey: string) => `${facilityIndexPrefix(tenantKey)}CONTAINERS#HOLDING`,
  /** GSI5: a document by its uuid. */
  documentUuid: (uuid: string) => `${CROSS_TENANT_INDEXES.documentUuids.prefix}${uuid}`,
  /** GSI2: a shard of every tenant's maintenance log entries (and the table's page buckets of that shard). */
  maintenanceShard: (shard: number) => `${CROSS_TENANT_INDEXES.maintenanceLog.prefix}${shard}`,
  /** GSI3: a shard of the containers due for release. */
  releaseDueShard: (shard: number) => `${CROSS_TENANT_INDEXES.releaseDue.prefix}${shard}`,
};

/**
 * The partition keys one tenant's requests may name (`dynamodb:LeadingKeys`), for the client and facility given
 * as they are or as IAM policy variables (infra/access/tenant-role.ts writes the tenant role's policy from this): the
 * client's directory (persons, devices, probes, shared by its facilities), the facility's items, and the prefix of
 * every index partition of the facility. Ending in the separator, the prefix of facility `f1` is no prefix of `f10`'s
 * partitions.
 */
export function tenantPartitions(client: string, facility: string) {
  const facilityKey = keys.tenant({ client, facility });
  return { directory: keys.client(client), facility: facilityKey, indexPrefix: facilityIndexPrefix(facilityKey) };
}
