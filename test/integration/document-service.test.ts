/** Deliver 3 of issue 9: one stored document that cannot be presented never breaks a listing or the report. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators';
import { createS3Client } from '../../shared/clients/s3';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { s3FileStorage, type FileStorage } from '../../shared/data/files';
import { fileKey } from '../../shared/domain/document';
import { formatTimestamp } from '../../shared/domain/time';
import { logger } from '../../shared/observability';
import { documentReport, documentService } from '../../shared/services/documents';
import { documentClient, runtime } from '../support/api';

Object.assign(process.env, {
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
});

describe('presenting documents', () => {
  it(
    'a record whose Url cannot be presigned is logged with its key and listed with Url null; the others are ' + 'whole',
    async () => {
      const store = dynamoDocumentStore(documentClient(), runtime().tableName);
      const real = s3FileStorage(createS3Client(runtime().s3Endpoint), runtime().bucketName);
      const broken = new Set<string>();
      // Fault injection: presigning fails for one key, as it would for a name S3 cannot carry.
      const files: FileStorage = {
        ...real,
        presignDownload: (key, disposition, seconds) =>
          broken.has(key)
            ? Promise.reject(new Error('cannot presign'))
            : real.presignDownload(key, disposition, seconds),
      };
      const service = documentService(store, files, { pageSize: 100, maxUploadBytes: 1024 });
      const tenant = { client: randomUUID(), facility: randomUUID() };
      const made = [];
      for (const name of ['good.pdf', 'bad.pdf']) {
        const { model } = await service.create(tenant, { Scope: 'DEVICE', ScopeReference: 'dev-1', Filename: name });
        const record = (await store.get(tenant, model.Uuid as string, { consistent: true }))!;
        const now = Math.floor(Date.now() / 1000);
        await store.setFile(
          record,
          { Key: fileKey(record), Size: 3, ContentType: 'application/pdf', CreatedAt: now, ModifiedAt: now },
          formatTimestamp(new Date()),
        );
        made.push(record);
      }
      broken.add(fileKey(made[1]!));
      const logged = vi.spyOn(logger, 'error');
      try {
        const listing = await service.find(tenant, { kind: 'all' });
        const byName = Object.fromEntries(listing.items.map((d) => [d.Filename, d.Url]));
        expect(byName['good.pdf']).toMatch(/^http/);
        expect(byName['bad.pdf']).toBeNull();
        expect(
          (
            await documentReport(store.tenantsOf, async () => service)(
              { sub: 's', name: undefined, clients: [tenant.client], facilities: [tenant.facility], roles: [], exp: 0 },
              made[1]!.Uuid,
            )
          ).Url,
        ).toBeNull();
        expect(logged).toHaveBeenCalledWith(
          'document cannot be presented',
          expect.objectContaining({
            client: tenant.client,
            facility: tenant.facility,
            uuid: made[1]!.Uuid,
            fileKey: fileKey(made[1]!),
          }),
        );
      } finally {
        logged.mockRestore();
      }
    },
  );
});
