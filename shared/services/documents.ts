/**
 * Document use cases: the listings (find, page, latest, scoped), the report, create with a
 * presigned upload, update, and recording a stored file. Knows the store and file storage ports only.
 */
import { type Caller, holdsTenant } from '../auth/claims';
import { optimistic } from '../data/transact';
import type { DocumentCollection, DocumentStore } from '../data/documents';
import type { FileStorage, Upload } from '../data/files';
import type { Tenant } from '../data/table';
import {
  contentDisposition,
  fileKey,
  mediaTypeOf,
  newDocument,
  parseFileKey,
  toDocumentModel,
  updateDocument,
  type DocumentCreate,
  type DocumentModel,
  type DocumentPatch,
  type DocumentRecord,
  type DocumentState,
} from '../domain/document';
import { PRESIGNED_SECONDS } from '../domain/presigned';
import { formatTimestamp } from '../domain/time';
import { notFound } from '../errors';
import { logger } from '../observability';
import { mintTimeOrderedUuid, requestTime } from '../replay';

export const FIND_CAP = 1000;
export const LATEST_COUNT = 10;

export interface DocumentSettings {
  pageSize: number;
  maxUploadBytes: number;
}

export interface Listing {
  items: DocumentModel[];
  total: number;
}

/** What happened to a stored object, for the S3-event handler's log. */
export type FileOutcome =
  | 'recorded'
  | 'refused_too_large'
  | 'no_document'
  | 'not_a_document_file'
  | 'gone'
  | 'kept_record';

/**
 * `files` holds uploaded document files; `records` the release records (a bucket under S3 Object Lock),
 * from which a kept record's download is presigned.
 */
export function documentService(
  store: DocumentStore,
  files: FileStorage,
  settings: DocumentSettings,
  clock: () => Date = requestTime,
  records: FileStorage = files,
) {
  /**
   * A record whose download cannot be presigned is logged with its key and shown with `Url` null: one never breaks a
   * listing.
   */
  const downloadUrl = async (r: DocumentRecord): Promise<string | null> => {
    if (!r.File) return null;
    try {
      const storage = r.KeptUntil === null ? files : records;
      return await storage.presignDownload(r.File.Key, contentDisposition(r.Filename), PRESIGNED_SECONDS.download);
    } catch (error) {
      logger.error('document cannot be presented', {
        client: r.Client,
        facility: r.Facility,
        uuid: r.Uuid,
        fileKey: r.File?.Key,
        error: error as Error,
      });
      return null;
    }
  };
  const present = (records: DocumentRecord[]): Promise<DocumentModel[]> =>
    Promise.all(records.map(async (r) => toDocumentModel(r, await downloadUrl(r))));

  async function mustGet(tenant: Tenant, uuid: string): Promise<DocumentRecord> {
    const record = await store.get(tenant, uuid, { consistent: true });
    if (!record) throw notFound('document.not_found');
    return record;
  }

  return {
    /** The whole collection up to FIND_CAP; `truncated` when there are more. */
    async find(tenant: Tenant, collection: DocumentCollection): Promise<Listing & { truncated: boolean }> {
      const [records, total] = await Promise.all([
        store.list(tenant, collection, FIND_CAP + 1),
        store.count(tenant, collection),
      ]);
      return {
        items: await present(records.slice(0, FIND_CAP)),
        total: Math.max(total, Math.min(records.length, FIND_CAP)),
        truncated: records.length > FIND_CAP,
      };
    },

    /** The LATEST_COUNT newest documents: the collection is those documents. */
    async latest(tenant: Tenant, state: DocumentState | undefined): Promise<Listing> {
      const records = await store.list(tenant, { kind: 'all', ...(state ? { state } : {}) }, LATEST_COUNT);
      return { items: await present(records), total: records.length };
    },

    async page(tenant: Tenant, state: DocumentState | undefined, page: number): Promise<Listing> {
      const { total, items } = await store.page(
        tenant,
        { kind: 'all', ...(state ? { state } : {}) },
        (page - 1) * settings.pageSize,
        settings.pageSize,
      );
      return { items: await present(items), total };
    },

    /** One document of the tenant, presented (the report's, once it found the tenant). */
    async load(tenant: Tenant, uuid: string): Promise<DocumentModel> {
      const record = await store.get(tenant, uuid);
      if (!record) throw notFound('document.not_found');
      return (await present([record]))[0]!;
    },

    async create(tenant: Tenant, data: DocumentCreate): Promise<{ model: DocumentModel; upload: Upload }> {
      const now = clock();
      const record = newDocument(tenant, mintTimeOrderedUuid(now), data, now);
      await store.create(record);
      const upload = await files.presignUpload(
        fileKey(record),
        mediaTypeOf(record.Filename),
        settings.maxUploadBytes,
        PRESIGNED_SECONDS.upload,
      );
      return { model: (await present([record]))[0]!, upload };
    },

    async update(tenant: Tenant, uuid: string, patch: DocumentPatch): Promise<DocumentModel> {
      return optimistic(async () => {
        const current = await mustGet(tenant, uuid);
        const { next, changed } = updateDocument(current, patch, clock());
        if (!changed.length) return (await present([current]))[0]!;
        await store.update(current, next);
        return (await present([next]))[0]!;
      });
    },

    /**
     * A file landed at `key`: fill FileInfo from the stored object. An object over the size limit is
     * removed (the local emulator does not enforce POST policies) and the document keeps no file.
     */
    async fileStored(key: string): Promise<FileOutcome> {
      const ids = parseFileKey(key);
      if (!ids) return 'not_a_document_file';
      const tenant = { client: ids.client, facility: ids.facility };
      return optimistic(async (): Promise<FileOutcome> => {
        const record = await store.get(tenant, ids.uuid, { consistent: true });
        if (!record) return 'no_document';
        // A release record's file is the one archived with it (in the records bucket): nothing replaces it.
        if (record.KeptUntil !== null) return 'kept_record';
        const info = await files.head(key);
        if (!info) return 'gone';
        const now = formatTimestamp(clock());
        if (info.size > settings.maxUploadBytes) {
          await files.remove(key);
          await store.setFile(record, null, now);
          return 'refused_too_large';
        }
        const modified = Math.floor(info.lastModified.getTime() / 1000);
        await store.setFile(
          record,
          {
            Key: key,
            Size: info.size,
            ContentType: info.contentType,
            CreatedAt: record.File?.CreatedAt ?? modified,
            ModifiedAt: modified,
          },
          now,
        );
        return 'recorded';
      });
    },
  };
}

export type DocumentService = ReturnType<typeof documentService>;

/**
 * The report: a document by its uuid alone, for its facility in the token or role reporter; otherwise not found (its
 * existence is not revealed). Which tenant holds the uuid is read across tenants (`locate`, the uuid index); the
 * document itself and its download only then, and only with the service of that tenant (`serviceOf`: its session).
 */
export function documentReport(
  locate: (uuid: string) => Promise<Tenant[]>,
  serviceOf: (tenant: Tenant) => Promise<DocumentService>,
) {
  return async (caller: Caller, uuid: string): Promise<DocumentModel> => {
    const tenant = (await locate(uuid)).find((t) => caller.roles.includes('reporter') || holdsTenant(caller, t));
    if (!tenant) throw notFound('document.not_found');
    return (await serviceOf(tenant)).load(tenant, uuid);
  };
}
