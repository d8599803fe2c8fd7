/**
 * shared/services/documents.ts over the in-memory document store and file storage
 * (test/support/memory/): the listings (find cap, latest 10, pages), report tenancy, create with its
 * upload, update under a lost race, and a stored file recorded or refused.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../../shared/auth/claims';
import type { DocumentStore } from '../../../shared/data/documents';
import { fileKey, newDocument, type DocumentRecord } from '../../../shared/domain/document';
import { timeOrderedUuid } from '../../../shared/domain/ids';
import { logger } from '../../../shared/observability';
import { documentReport, documentService, FIND_CAP, LATEST_COUNT } from '../../../shared/services/documents';
import { rejection } from '../../support/errors';
import { memoryDocumentStore } from '../../support/memory/documents';
import { memoryFileStorage } from '../../support/memory/files';

const tenant = { client: 'c1', facility: 'f1' };
const start = Date.parse('2026-11-20T08:00:00Z');
const settings = { pageSize: 3, maxUploadBytes: 1024 };

function setup(options: { store?: DocumentStore; files?: ReturnType<typeof memoryFileStorage> } = {}) {
  const store = options.store ?? memoryDocumentStore();
  const files = options.files ?? memoryFileStorage(() => new Date(start));
  return { store, files, service: documentService(store, files, settings, () => new Date(start)) };
}

let seconds = 0;
/** `n` documents of the tenant, each a second after the one seeded before: the last is the newest. */
async function seed(
  store: DocumentStore,
  n: number,
  data: Partial<DocumentRecord> = {},
  where = tenant,
): Promise<DocumentRecord[]> {
  const made = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(start + seconds++ * 1000);
    const record = newDocument(
      where,
      timeOrderedUuid(at),
      { Scope: 'DEVICE', ScopeReference: 'd1', Filename: `f${i}.pdf`, ...data },
      at,
    );
    await store.create(record);
    made.push(record);
  }
  return made;
}

const caller = (change: Partial<Caller> = {}): Caller => ({
  sub: 's',
  name: undefined,
  clients: ['c1'],
  facilities: ['f1'],
  roles: [],
  exp: 0,
  ...change,
});

describe('documentService listings', () => {
  it(`find answers the whole collection up to ${FIND_CAP}, newest first, and says when there are more`, async () => {
    const { store, service } = setup();
    await seed(store, FIND_CAP);
    const whole = await service.find(tenant, { kind: 'all' });
    expect([whole.items.length, whole.total, whole.truncated]).toEqual([FIND_CAP, FIND_CAP, false]);
    expect(whole.items[0]!.Filename).toBe(`f${FIND_CAP - 1}.pdf`);
    await seed(store, 1, { Filename: 'one-more.pdf' });
    const capped = await service.find(tenant, { kind: 'all' });
    expect([capped.items.length, capped.total, capped.truncated]).toEqual([FIND_CAP, FIND_CAP + 1, true]);
  });

  it('find narrows by scope, reference and state', async () => {
    const { store, service } = setup();
    await seed(store, 2, { Scope: 'DEVICE', ScopeReference: 'd1' });
    await seed(store, 1, { Scope: 'DEVICE', ScopeReference: 'd2', State: 'ARCHIVED' });
    await seed(store, 1, { Scope: 'GENERATOR', ScopeReference: 'd1' });
    expect((await service.find(tenant, { kind: 'scope', scope: 'DEVICE' })).total).toBe(3);
    expect((await service.find(tenant, { kind: 'reference', scope: 'DEVICE', reference: 'd1' })).total).toBe(2);
    expect(
      (await service.find(tenant, { kind: 'scope', scope: 'DEVICE', state: 'ARCHIVED' })).items.map(
        (d) => d.ScopeReference,
      ),
    ).toEqual(['d2']);
  });

  it(`latest answers the ${LATEST_COUNT} newest, of a state when asked, and counts only those`, async () => {
    const { store, service } = setup();
    const made = await seed(store, 12);
    await seed(store, 1, { State: 'ARCHIVED', Filename: 'archived.pdf' });
    const latest = await service.latest(tenant, undefined);
    expect(latest.total).toBe(LATEST_COUNT);
    expect(latest.items.map((d) => d.Filename)).toEqual([
      'archived.pdf',
      ...made
        .slice(-(LATEST_COUNT - 1))
        .reverse()
        .map((r) => r.Filename),
    ]);
    expect(await service.latest(tenant, 'ARCHIVED')).toMatchObject({ total: 1, items: [{ Filename: 'archived.pdf' }] });
  });

  it('page answers page n of the tenant only, with the collection size; past the end an empty page', async () => {
    const { store, service } = setup();
    const made = await seed(store, 7);
    await seed(store, 2, {}, { client: 'c1', facility: 'f2' });
    const second = await service.page(tenant, undefined, 2);
    expect(second.total).toBe(7);
    expect(second.items.map((d) => d.Uuid)).toEqual(
      made
        .slice(1, 4)
        .reverse()
        .map((r) => r.Uuid),
    );
    expect(await service.page(tenant, undefined, 4)).toEqual({ items: [], total: 7 });
  });
});

describe('documentReport (by uuid alone)', () => {
  it(
    "answers a document of a facility in the token's clients and facilities, or to role reporter; otherwise not " +
      'found, and only then opens the service of its tenant (its session)',
    async () => {
      const { store, service } = setup();
      const [mine] = await seed(store, 1);
      const [theirs] = await seed(store, 1, {}, { client: 'c2', facility: 'f9' });
      const opened: { client: string; facility: string }[] = [];
      const report = documentReport(store.tenantsOf, async (t) => {
        opened.push(t);
        return service;
      });
      expect((await report(caller(), mine!.Uuid)).Uuid).toBe(mine!.Uuid);
      expect(
        (await report(caller({ clients: ['c9'], facilities: ['f9'], roles: ['reporter'] }), mine!.Uuid)).Uuid,
      ).toBe(mine!.Uuid);
      expect(opened).toEqual([tenant, tenant]);
      for (const who of [
        caller(),
        caller({ clients: ['c2'] }),
        caller({ facilities: ['f9'] }),
        caller({ roles: ['rpo'] }),
      ]) {
        const error = await rejection(report(who, theirs!.Uuid));
        expect([error.statusCode, error.notification.key]).toEqual([404, 'document.not_found']);
      }
      // Another tenant's document: no session of its tenant was asked for.
      expect(opened).toHaveLength(2);
      expect((await rejection(report(caller({ roles: ['reporter'] }), 'no-such-uuid'))).statusCode).toBe(404);
    },
  );
});

describe('documentService writes', () => {
  it(
    'create stores an ACTIVE document without a file and hands out an upload for its key, media type and size ' +
      'limit',
    async () => {
      const { store, service } = setup();
      const { model, upload } = await service.create(tenant, {
        Scope: 'DEVICE',
        ScopeReference: 'd1',
        Filename: 'Scan.JPG',
      });
      expect(model).toMatchObject({
        State: 'ACTIVE',
        Filename: 'Scan.JPG',
        Url: null,
        FileInfo: null,
        CreatedAt: '2026-11-20 08:00:00',
      });
      const record = (await store.get(tenant, model.Uuid as string))!;
      expect(upload.Fields).toEqual({
        key: fileKey(record),
        'Content-Type': 'image/jpeg',
        'Content-Length-Range': `1,${settings.maxUploadBytes}`,
      });
      expect(upload.ExpiresAt.getTime() - start).toBe(15 * 60 * 1000);
    },
  );

  it('update re-reads and re-applies after losing a race; an update that changes nothing writes nothing', async () => {
    const memory = memoryDocumentStore();
    const [record] = await seed(memory, 1);
    let raced = false;
    const store: DocumentStore = {
      ...memory,
      async update(previous, next) {
        if (!raced) {
          raced = true;
          await memory.update(previous, { ...previous, ScopeReference: 'moved', Version: previous.Version + 1 });
        }
        return memory.update(previous, next);
      },
    };
    const { service } = setup({ store });
    expect(await service.update(tenant, record!.Uuid, { Filename: 'renamed.pdf' })).toMatchObject({
      Filename: 'renamed.pdf',
      ScopeReference: 'moved',
    });
    expect((await memory.get(tenant, record!.Uuid))!.Version).toBe(3);
    await service.update(tenant, record!.Uuid, { Filename: 'renamed.pdf', State: 'ACTIVE' });
    expect((await memory.get(tenant, record!.Uuid))!.Version).toBe(3);
    expect((await rejection(service.update(tenant, 'no-such-uuid', { Filename: 'x.pdf' }))).statusCode).toBe(404);
  });
});

describe('documentService fileStored', () => {
  it('records a stored file as FileInfo; the document then downloads under its own name', async () => {
    const { store, files, service } = setup();
    const [record] = await seed(store, 1, { Filename: 'Prüfbericht.pdf' });
    await files.put(fileKey(record!), 'pdf', 'application/pdf');
    expect(await service.fileStored(fileKey(record!))).toBe('recorded');
    const [model] = (await service.find(tenant, { kind: 'all' })).items;
    const modified = Math.floor(start / 1000);
    expect(model!.FileInfo).toEqual({
      CreatedDatetime: modified,
      ModifiedDatetime: modified,
      Filesize: 3,
      Mimetype: 'application/pdf',
    });
    expect(new URL(model!.Url as string).searchParams.get('disposition')).toBe(
      `attachment; filename="Prufbericht.pdf"; filename*=UTF-8''Pr%C3%BCfbericht.pdf`,
    );
  });

  it('removes a file over the size limit and keeps the document without one', async () => {
    const { store, files, service } = setup();
    const [record] = await seed(store, 1);
    await files.put(fileKey(record!), new Uint8Array(settings.maxUploadBytes + 1), 'application/pdf');
    expect(await service.fileStored(fileKey(record!))).toBe('refused_too_large');
    expect(await files.head(fileKey(record!))).toBeUndefined();
    expect((await store.get(tenant, record!.Uuid))!.File).toBeNull();
  });

  it('tells apart a key that is no document file, a file without its document and one already gone', async () => {
    const { store, files, service } = setup();
    const [record] = await seed(store, 1);
    expect(await service.fileStored('reports/x.csv')).toBe('not_a_document_file');
    expect(await service.fileStored('documents/c1/f1/no-such-uuid')).toBe('no_document');
    expect(await service.fileStored(fileKey(record!))).toBe('gone');
    expect(files.objects.size).toBe(0);
  });

  it(
    'a document whose download cannot be presigned is listed with Url null and logged; the others are ' + 'whole',
    async () => {
      const memory = memoryFileStorage(() => new Date(start));
      const { store, service } = setup({
        files: {
          ...memory,
          presignDownload: async (key, ...rest) =>
            key.endsWith('bad') ? Promise.reject(new Error('cannot presign')) : memory.presignDownload(key, ...rest),
        },
      });
      for (const uuid of ['good', 'bad']) {
        const record = newDocument(
          tenant,
          uuid,
          { Scope: 'DEVICE', ScopeReference: 'd1', Filename: `${uuid}.pdf` },
          new Date(start),
        );
        await store.create(record);
        await memory.put(fileKey(record), 'x', 'application/pdf');
        await service.fileStored(fileKey(record));
      }
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
      try {
        const urls = Object.fromEntries(
          (await service.find(tenant, { kind: 'all' })).items.map((d) => [d.Uuid, d.Url]),
        );
        expect(urls).toEqual({ good: expect.stringMatching(/^memory:/), bad: null });
        expect(logged).toHaveBeenCalledWith(
          'document cannot be presented',
          expect.objectContaining({ uuid: 'bad', fileKey: 'documents/c1/f1/bad' }),
        );
      } finally {
        logged.mockRestore();
      }
    },
  );
});
