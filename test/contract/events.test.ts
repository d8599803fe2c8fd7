/**
 * Every route and event function has a sample event in events/, and `npm run invoke -- <operation>
 * <event>` runs it against the running local emulators. Each run uses fresh identifiers (the
 * sample's client, facility and document replaced) so runs never meet. Two samples go through the command itself;
 * the others through what it runs (infra/local/invoke-event.ts), here in the test's process, as the runtime's settings
 * give it: a process of its own for each of sixty samples would take most of a minute.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoDocumentStore } from '../../shared/data/documents';
import { dynamoMaintenanceStore } from '../../shared/data/maintenance';
import { createEntry } from '../../shared/domain/maintenance';
import type { ContainerRecord } from '../../shared/domain/container-fields';
import { createContainer } from '../../shared/domain/container-rules';
import { createNotice } from '../../shared/domain/clearance-notice';
import { createInstrument, newCheck } from '../../shared/domain/instrument';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { changeSettings, defaultSettings } from '../../shared/domain/facility-settings';
import { dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { dynamoInstrumentStore } from '../../shared/data/instruments';
import { fileKey, newDocument } from '../../shared/domain/document';
import { eventFunctions, routes } from '../../shared/routes';
import { applyFunctionEnvironment } from '../../infra/local/environment';
import { invokeEvent } from '../../infra/local/invoke-event';
import { dynamoLicenceStore } from '../../shared/data/licences';
import { dynamoMaterialStore } from '../../shared/data/material';
import { createLicence } from '../../shared/domain/licence';
import type { MaterialItem } from '../../shared/domain/material';
import { chainBookLine, receiptLine } from '../../shared/domain/material-book';
import { call, documentClient, runtime, s3Client, token } from '../support/api';
import { releasable } from '../support/releases';
import { samplesOfEventFunction, samplesOfRoute } from '../support/sample-events';

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'nm-event-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const root = path.resolve(import.meta.dirname, '../..');
const SAMPLE = {
  client: 'a1b2c3d4-0000-4000-8000-000000000001',
  facility: 'a1b2c3d4-0000-4000-8000-000000000002',
  container: 'a1b2c3d4-0000-4000-8000-000000000003',
  document: 'a1b2c3d4-0000-4000-8000-000000000004',
  entry: 'a1b2c3d4-0000-4000-8000-000000000005',
  content: 'a1b2c3d4-0000-4000-8000-000000000007',
  execution: 'regenerate-sequence-memory-a1b2c3d4-0000-4000-8000-000000000008',
  notice: 'a1b2c3d4-0000-4000-8000-000000000009',
  instrument: 'a1b2c3d4-0000-4000-8000-000000000010',
  licence: 'a1b2c3d4-0000-4000-8000-000000000011',
  material: 'a1b2c3d4-0000-4000-8000-000000000012',
};

/**
 * The material book a sample names: the facility's licence (whenever it books or reads the book), and a Ge-68
 * generator received on 21 November 2026.
 */
async function seedBook(text: string, tenant: { client: string; facility: string }) {
  const db = documentClient();
  const at = new Date('2026-11-21T08:00:00Z');
  const routeKey = String(JSON.parse(text).routeKey ?? '');
  if (!/\/(licence|material|stock)/.test(routeKey)) return;
  await dynamoLicenceStore(db, runtime().tableName).create(
    createLicence(
      tenant,
      text.includes(SAMPLE.licence) ? SAMPLE.licence : randomUUID(),
      {
        FileNumber: 'UG-1',
        Authority: 'Landesamt',
        Holder: 'Klinikum',
        IssuedAt: '2026-01-05 00:00:00',
        ValidFrom: '2026-01-15 00:00:00',
        Limits: [
          { Nuclide: 'Ge-68', MaxActivityBq: 4e9 },
          { Nuclide: 'Ga-68', MaxActivityBq: 5e9 },
        ],
      },
      at,
    ),
    SEED_WRITE.actor,
  );
  if (!text.includes(SAMPLE.material)) return;
  const item: MaterialItem = {
    Client: tenant.client,
    Facility: tenant.facility,
    Uuid: SAMPLE.material,
    Version: 1,
    Kind: 'GENERATOR',
    Nuclide: 'Ge-68',
    ActivityBq: 1.85e9,
    ActivityDateTime: '2026-11-20 12:00:00',
    ReceivedAt: '2026-11-21 08:00:00',
    ReceivedBy: 'seed',
    Supplier: 'Eckert & Ziegler',
    Batch: null,
    ChemicalForm: null,
    Impurities: [],
    CertificateDocumentUuid: null,
    ParentUuid: null,
    LicenceUuid: null,
    LicenceExceeded: null,
    LineUuid: randomUUID(),
    Movements: [],
    State: 'IN_STOCK',
    CreatedAt: '2026-11-21 08:00:00',
    UpdatedAt: '2026-11-21 08:00:00',
  };
  const booking = { lineUuid: item.LineUuid, at: item.CreatedAt, by: 'seed', byName: 'Seed' };
  await dynamoMaterialStore(db, runtime().tableName).receive(item, {
    book: { line: chainBookLine(receiptLine(booking, item, null), null), previous: null },
    licence: null,
    certificate: null,
    actor: SEED_WRITE.actor,
  });
}

const SEED_WRITE = { actor: { sub: 'seed', name: 'Seed' }, requestId: 'seed' };

/** A container measured by the sample: 10 kg of F-18 waste, closed for decay before the sample's MeasuredAt. */
async function measurable(store: ReturnType<typeof dynamoContainerStore>, record: ContainerRecord) {
  const closed = { ...record, State: 'DECAY' as const, Weight: 10_000, Version: record.Version + 1 };
  await store.update(record, closed, [{ field: 'State', old: 'OPEN', new: 'DECAY' }], {
    ...SEED_WRITE,
    at: '2026-11-21 09:00:00',
  });
  const product = { kind: 'CYCLOTRON_PRODUCT', id: randomUUID(), nuclide: 'F-18', uuid: randomUUID() } as const;
  await store.link({ client: record.Client, facility: record.Facility }, record.Uuid, product);
}

/** The notice and the instrument a sample names: the instrument calibrated for F-18 in a bag and checked. */
async function seedRegisters(text: string, tenant: { client: string; facility: string }) {
  const db = documentClient();
  const at = new Date('2026-11-21T08:00:00Z');
  if (text.includes(SAMPLE.notice))
    await dynamoClearanceNoticeStore(db, runtime().tableName).create(
      createNotice(
        tenant,
        SAMPLE.notice,
        {
          FileNumber: 'RP-1',
          Authority: 'Landesamt',
          Holder: 'Klinikum',
          Site: 'Musterstadt',
          IssuedAt: '2026-01-10 00:00:00',
          ValidFrom: '2026-02-01 00:00:00',
          ReleaseTypes: ['UNRESTRICTED'],
          WasteForms: ['SOLID'],
        },
        at,
      ),
      SEED_WRITE.actor,
    );
  if (!text.includes(SAMPLE.instrument)) return;
  const instruments = dynamoInstrumentStore(db, runtime().tableName);
  const instrument = createInstrument(
    tenant,
    SAMPLE.instrument,
    {
      Name: 'Seeded counter',
      Model: 'M',
      SerialNumber: 'S-1',
      // A survey takes a survey meter, which has no calibrations per nuclide.
      ...(text.includes('/survey')
        ? { Kind: 'SURVEY_METER' as const }
        : {
            Kind: 'FREE_RELEASE_MONITOR' as const,
            Calibrations: [
              { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1, EfficiencyRelUncertainty: 0, ProbeAreaCm2: null },
            ],
          }),
      CalibratedAt: '2026-01-15 00:00:00',
      CalibrationDueAt: '2027-01-15 00:00:00',
    },
    at,
  );
  await instruments.create(instrument, SEED_WRITE.actor);
  const check = newCheck(instrument, randomUUID(), { CheckedAt: '2026-11-21 08:00:00', Result: 'PASS' }, 'seed', at);
  await instruments.addCheck(check, SEED_WRITE.actor);
}

/** Fresh ids for a sample, and what it needs to exist (a container or document with the sample's uuid). */
async function prepare(text: string) {
  const ids = { client: randomUUID(), facility: randomUUID(), document: randomUUID() };
  // An execution to report on: a dry run started as the /service route starts one.
  if (text.includes(SAMPLE.execution))
    text = text.replaceAll(
      SAMPLE.execution,
      (await call('GET', '/service/regenerate-sequence-memory?dryRun=true', { token: token({ roles: ['operator'] }) }))
        .body.ExecutionId,
    );
  let fresh = text
    .replaceAll(SAMPLE.client, ids.client)
    .replaceAll(SAMPLE.facility, ids.facility)
    .replaceAll(SAMPLE.document, ids.document);
  const tenant = { client: ids.client, facility: ids.facility };
  const db = documentClient();
  if (JSON.parse(text).routeKey?.endsWith('/release')) {
    // A container to release: the facility's notice, a usable instrument, measured, in RELEASE_DATE_REACHED.
    const ready = await releasable({ ...tenant, token: token({ clients: [ids.client], facilities: [ids.facility] }) });
    fresh = fresh.replaceAll(SAMPLE.container, ready.uuid).replaceAll(SAMPLE.notice, ready.notice);
  } else if (text.includes(SAMPLE.container)) {
    const record = createContainer(tenant, SAMPLE.container, { Name: 'Seeded' }, [], new Date());
    const store = dynamoContainerStore(db, runtime().tableName);
    await store.create(record, [], {
      actor: { sub: 'seed', name: 'Seed' },
      at: record.CreatedAt,
      requestId: randomUUID(),
    });
    if (JSON.parse(text).routeKey?.startsWith('POST') && text.includes('/measurement')) await measurable(store, record);
    // A survey: the facility under 10 CFR 35 (decay-in-storage), the container of F-18 waste closed.
    if (JSON.parse(text).routeKey?.endsWith('/survey')) {
      await measurable(store, record);
      const settings = dynamoSettingsStore(db, runtime().tableName);
      const first = defaultSettings(tenant, new Date());
      await settings.create(first);
      await settings.update(first, changeSettings(first, { Regime: 'US_NRC_10CFR35' }, 0, new Date()));
    }
    if (text.includes(SAMPLE.content))
      await store.link(tenant, SAMPLE.container, {
        kind: 'GENERATOR_ELUAT',
        id: randomUUID(),
        nuclide: 'Ga-68',
        uuid: SAMPLE.content,
      });
  }
  await seedRegisters(text, tenant);
  await seedBook(text, tenant);
  if (text.includes(SAMPLE.document)) {
    const record = newDocument(
      tenant,
      ids.document,
      { Scope: 'DEVICE', ScopeReference: 'ref-1', Filename: 'seed.pdf' },
      new Date(),
    );
    await dynamoDocumentStore(db, runtime().tableName).create(record);
  }
  if (text.includes(SAMPLE.entry)) {
    const record = createEntry(
      tenant,
      SAMPLE.entry,
      { IncidentTitle: 'Seeded', IncidentCause: 'Seed', IncidentDateStart: '2026-11-20 07:00:00' },
      'seed',
      new Date(),
    );
    await dynamoMaintenanceStore(db, runtime().tableName).create(record, { sub: 'seed', name: 'Seed' });
  }
  const file = path.join(scratch, `${randomUUID()}.json`);
  writeFileSync(file, fresh);
  return { file, tenant, ids };
}

// The handlers' clients are made as their modules load, in invokeEvent: after this.
applyFunctionEnvironment(runtime());

/** The samples run by `npm run invoke` in a process of its own: a route and an event function. */
const THROUGH_THE_COMMAND = new Set(['container.create', 'document.fileStored']);

// The answer differs by function; each test reads what it knows.
const invoke = async (operation: string, file: string): Promise<any> =>
  THROUGH_THE_COMMAND.has(operation)
    ? invokeCommand(operation, file)
    : invokeEvent(operation, JSON.parse(readFileSync(file, 'utf8')));

const invokeCommand = async (operation: string, file: string) =>
  JSON.parse(
    (
      await run(process.execPath, ['--import', 'tsx', 'infra/local/invoke.ts', operation, file], {
        cwd: root,
        // The contract the docs function answers is larger than execFile's default of 1 MiB.
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, LOCAL_DIR: inject('localDir') },
      })
    ).stdout,
  );

describe.concurrent('sample events and npm run invoke', () => {
  for (const route of routes) {
    it(`${route.method} ${route.path} (${route.operation})`, async () => {
      // That there is exactly one is test/unit/routes/completeness.test.ts's.
      const [sample] = samplesOfRoute(route);
      expect(sample, `no sample event in events/ for ${route.method} ${route.path}`).toBeDefined();
      const { file, tenant } = await prepare(sample!.text);
      const result = await invoke(route.operation, file);
      expect(result.statusCode, JSON.stringify(result.body)).toBe(200);
      const body = result.body;
      if (route.auth === 'operator') expect(body).toMatchObject({ ExecutionId: expect.any(String), DryRun: true });
      const item =
        body.ContainerModel ??
        body.DocumentModel ??
        body.DocumentModelCollection?.[0] ??
        body.MaintenanceLogEntryModel ??
        body.MaintenanceLogEntryModelCollection?.[0];
      if (item) expect(item).toMatchObject({ Client: tenant.client, Facility: tenant.facility });
    });
  }

  for (const fn of eventFunctions) {
    it(`${fn.name}`, async () => {
      const [sample] = samplesOfEventFunction(fn);
      expect(sample).toBeDefined();
      const { file, tenant, ids } = await prepare(sample!.text);
      const documents = dynamoDocumentStore(documentClient(), runtime().tableName);
      if (fn.source === 'schedule') {
        // A schedule runs and reports: the release sweep what it found and moved (the runtime's own runs may have
        // moved them first), the archive check what it found (test/contract/faults.test.ts makes it find something).
        expect((await invoke(fn.name, file)).result).toMatchObject(
          fn.name === 'container.releaseSweep'
            ? { due: expect.any(Number), moved: expect.any(Number) }
            : { orphanedRecords: expect.any(Array), unlockedLines: expect.any(Array), cleared: expect.any(Number) },
        );
        return;
      }
      if (fn.source === 'table:changes') {
        // A document of a fresh facility that only the sample's change announces: counted once, and once only when
        // delivered again.
        await invoke(fn.name, file);
        await invoke(fn.name, file);
        expect(await documents.count(tenant, { kind: 'reference', scope: 'DEVICE', reference: 'ref-1' })).toBe(1);
        expect(await documents.count(tenant, { kind: 'all' })).toBe(1);
        return;
      }
      const { bucketName } = runtime();
      const s3 = s3Client();
      const key = fileKey({ Client: tenant.client, Facility: tenant.facility, Uuid: ids.document });
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('nm-archive-local-files', bucketName));
      await s3.send(
        new PutObjectCommand({ Bucket: bucketName, Key: key, Body: 'sample content', ContentType: 'application/pdf' }),
      );
      await invoke(fn.name, file);
      const stored = await documents.get(tenant, ids.document, { consistent: true });
      expect(stored?.File).toMatchObject({ Key: key, Size: 14, ContentType: 'application/pdf' });
    });
  }
});
