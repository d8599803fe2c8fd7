/**
 * The capacity part of `npm run bench`: DynamoDB consumed capacity per container, document and maintenance-log
 * operation on DynamoDB Local (ReturnConsumedCapacity TOTAL), including a 10,000-document collection's page 1 against
 * page 100.
 */
import { randomUUID } from 'node:crypto';
import { ensureTable } from '../infra/local/emulators';
import { followConsumers } from '../infra/local/streams';
import { createDocumentClient } from '../shared/clients/dynamodb';
import { createS3Client } from '../shared/clients/s3';
import { batchPut } from '../shared/data/batch';
import { dynamoContainerStore } from '../shared/data/containers';
import { changeRecordOf, membershipOf } from '../shared/data/counted';
import { documentItem, dynamoDocumentStore } from '../shared/data/documents';
import { s3FileStorage } from '../shared/data/files';
import { dynamoMaintenanceStore } from '../shared/data/maintenance';
import { sequenceWriter } from '../shared/data/sequence-writer';
import { DOCUMENT_SCOPES, newDocument } from '../shared/domain/document';
import { createEntry } from '../shared/domain/maintenance';
import { formatTimestamp } from '../shared/domain/time';
import { containerService } from '../shared/services/containers';
import type { Writer } from '../shared/services/writes';
import { documentReport, documentService } from '../shared/services/documents';
import { maintenanceService } from '../shared/services/maintenance';
import { withDynamoDbLocal } from './local-table';
import { meter } from './meter';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 10_000);

export async function capacity(verdict: (ok: boolean) => string): Promise<void> {
  // ---- DynamoDB consumed capacity -------------------------------------------------------------
  function printCapacity(
    rows: [string, { calls: number; read: number; write: number; commands: string[] }, string][],
    budgetTitle: string,
  ) {
    console.log(`| operation | sequential calls | RCU | WCU | calls | ${budgetTitle} |`);
    console.log('|---|---:|---:|---:|---|---|');
    for (const [name, r, budget] of rows) {
      console.log(
        `| ${name} | ${r.calls} | ${+r.read.toFixed(2)} | ${+r.write.toFixed(2)} | ` +
          `${r.commands.map((c) => c.replace(/Command$/, '')).join(' > ') || 'none'} | ${budget} |`,
      );
    }
  }
  return withDynamoDbLocal('bench', async ({ endpoint }) => {
    await ensureTable(endpoint, 'bench');
    const db = createDocumentClient(endpoint);
    const metered = meter(db);
    // The stream writer, as the local runtime runs it, on a client of its own: what a write causes later.
    const writerDb = createDocumentClient(endpoint);
    const writerMeter = meter(writerDb);
    const writer = sequenceWriter(writerDb, 'bench', membershipOf);
    const changes = followConsumers({
      endpoint: endpoint,
      tableName: 'bench',
      deliver: async (records) => void (await writer.apply(records.map(changeRecordOf))),
    });
    /** A write and the stream writer's work it causes, as one reading. */
    const withFollowUp = async <T>(work: () => Promise<T>) => {
      const request = await metered.measure(work);
      const later = await writerMeter.measure(() => changes.settled(60_000));
      return {
        ...request,
        write: request.write + later.write,
        read: request.read + later.read,
        commands: [...request.commands, '|', ...later.commands],
        later,
      };
    };
    const store = dynamoContainerStore(db, 'bench');
    const service = containerService(store);
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const people: Writer[] = ['Ada', 'Ben', 'Cy'].map((name) => ({ sub: randomUUID(), name, roles: ['rpo'] }));
    const [ada, ben, cy] = people as [Writer, Writer, Writer];
    for (const p of [ben, cy]) await service.create(tenant, p, { Name: 'seed' }, randomUUID());
    const measuredBody = {
      Name: 'Box 1',
      Weight: 1200,
      MeasurementActivity: 5.2e4,
      MeasurementFactor: 1,
      MeasurementDate: '2026-11-20 08:00:00',
      MeasuredBy: ada.sub,
      MeasurementContaminationBy: ada.sub,
    };

    const rows: [string, Awaited<ReturnType<typeof metered.measure>>, string][] = [];
    const create = await metered.measure(() => service.create(tenant, ada, measuredBody, randomUUID()));
    rows.push(['create', create, '']);
    const uuid = create.result.model.Uuid as string;
    const load = await metered.measure(() => service.load(tenant, uuid));
    rows.push(['load (one person named)', load, verdict(load.read <= 1 && load.calls <= 2)]);
    const update = await metered.measure(() =>
      service.update(tenant, ada, uuid, { Weight: 1100 }, undefined, randomUUID()),
    );
    rows.push(['update', update, '']);
    await service.update(tenant, ada, uuid, { MeasurementContaminationBy: ben.sub }, undefined, randomUUID());
    // The third person, the releasing officer, written straight to the store: only a release sets it.
    const measured = (await store.load(tenant, uuid, { consistent: true }))!.record;
    await store.update(
      measured,
      { ...measured, ReleasedByRadiationProtectionOfficer: cy.sub, Version: measured.Version + 1 },
      [{ field: 'ReleasedByRadiationProtectionOfficer', old: null, new: cy.sub }],
      { actor: { sub: ada.sub, name: ada.name }, at: measured.UpdatedAt, requestId: randomUUID() },
    );
    const loadThree = await metered.measure(() => service.load(tenant, uuid));
    rows.push(['load (three people named)', loadThree, '(+0.5 RCU per extra person)']);
    const defaults = { calls: 0, read: 0, write: 0, commands: [] };
    rows.push(['loadDefault', { ...defaults, result: undefined }, '']);
    const other = await service.create(tenant, ada, { Name: 'to delete' }, randomUUID());
    const remove = await metered.measure(() => service.remove(tenant, ada, other.model.Uuid as string, randomUUID()));
    rows.push(['delete', remove, '']);

    console.log('\nDynamoDB per container operation (ReturnConsumedCapacity TOTAL on DynamoDB Local)\n');
    printCapacity(rows, 'budget (load <= 1 RCU in <= 2 calls)');

    // ---- documents: a facility with DOCUMENTS documents, made through the store's create path --------
    const documentStore = dynamoDocumentStore(db, 'bench');
    const docs = documentService(documentStore, s3FileStorage(createS3Client('http://127.0.0.1:9'), 'bench'), {
      pageSize: 100,
      maxUploadBytes: 50 * 1024 * 1024,
    });
    const facility = { client: randomUUID(), facility: randomUUID() };
    const started = Date.now();
    const start = Date.UTC(2024, 0, 1);
    for (let i = 0; i < DOCUMENTS; i += 500) {
      // A history: one document every 30 minutes, over the six scopes and 50 references; counted by the stream writer.
      const items = Array.from({ length: Math.min(500, DOCUMENTS - i) }, (_, j) =>
        documentItem(
          newDocument(
            facility,
            randomUUID(),
            {
              Scope: DOCUMENT_SCOPES[(i + j) % 6]!,
              ScopeReference: `ref-${(i + j) % 50}`,
              Filename: `document-${i + j}.pdf`,
            },
            new Date(start + (i + j) * 1_800_000),
          ),
        ),
      );
      await batchPut(db, 'bench', items);
      process.stderr.write(`\rseeding documents ${i + items.length}/${DOCUMENTS}`);
    }
    await changes.settled(300_000);
    process.stderr.write(
      `\rseeded and counted ${DOCUMENTS} documents in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
    const documentRows: [string, Awaited<ReturnType<typeof metered.measure>>, string][] = [];
    const measure = async (name: string, work: () => Promise<unknown>, budget = '') => {
      const reading = await metered.measure(work);
      documentRows.push([name, reading, budget]);
      return reading;
    };
    const lastPage = Math.ceil(DOCUMENTS / 100);
    await measure('find (1,000 of them + Warning)', () => docs.find(facility, { kind: 'all' }));
    const page1 = await measure('page 1', () => docs.page(facility, undefined, 1));
    documentRows[documentRows.length - 1]![2] = `<= 25 RCU: ${verdict(page1.read <= 25)}`;
    const page100 = await measure(`page ${Math.min(100, lastPage)}`, () =>
      docs.page(facility, undefined, Math.min(100, lastPage)),
    );
    const ratio = page100.read / page1.read;
    documentRows[documentRows.length - 1]![2] =
      `<= 25 RCU: ${verdict(page100.read <= 25)}; ${ratio.toFixed(2)}x page 1 (<= 3): ${verdict(ratio <= 3)}`;
    await measure(`page ${Math.ceil(lastPage / 2)} (?State=ACTIVE)`, () =>
      docs.page(facility, 'ACTIVE', Math.ceil(lastPage / 2)),
    );
    await measure('latest', () => docs.latest(facility, undefined));
    await measure('facility (DOCUMENT_FOLDER)', () => docs.find(facility, { kind: 'scope', scope: 'DOCUMENT_FOLDER' }));
    await measure('device/{uuid}', () =>
      docs.find(facility, { kind: 'reference', scope: 'DEVICE', reference: 'ref-1' }),
    );
    const some = (await documentStore.list(facility, { kind: 'all' }, 1))[0]!;
    await measure('report', () =>
      documentReport(documentStore.tenantsOf, async () => docs)(
        { sub: 'x', name: undefined, clients: [], facilities: [], roles: ['reporter'], exp: 0 },
        some.Uuid,
      ),
    );
    const documentCreate = await withFollowUp(() =>
      docs.create(facility, { Scope: 'DEVICE', ScopeReference: 'ref-1', Filename: 'new.pdf' }),
    );
    documentRows.push([
      "create, with the stream writer's work (after |)",
      documentCreate,
      `<= 20 WCU: ${verdict(documentCreate.write <= 20)}`,
    ]);
    documentRows.push([
      "update (state change), with the stream writer's work",
      await withFollowUp(() => docs.update(facility, some.Uuid, { State: 'ARCHIVED' })),
      '',
    ]);
    documentRows.push([
      "update (rename), with the stream writer's work",
      await withFollowUp(() => docs.update(facility, some.Uuid, { Filename: 'renamed.pdf' })),
      '',
    ]);
    console.log(
      `\nDynamoDB per document operation, facility with ${DOCUMENTS} documents (ReturnConsumedCapacity TOTAL)\n`,
    );
    printCapacity(documentRows, 'budget');

    // ---- maintenance log report: a token with one and with three facilities ----------------------
    const logStore = dynamoMaintenanceStore(db, 'bench');
    const log = maintenanceService(logStore, { pageSize: 100 });
    const logClient = randomUUID();
    const logFacilities = [randomUUID(), randomUUID(), randomUUID()];
    const PER_FACILITY = 300;
    for (let i = 0; i < PER_FACILITY; i++) {
      for (const [f, facility] of logFacilities.entries()) {
        const reporter = { sub: `person-${i % 40}`, name: `Person ${i % 40}` };
        await logStore.create(
          createEntry(
            { client: logClient, facility },
            randomUUID(),
            {
              IncidentTitle: `Incident ${i}`,
              IncidentCause: 'A cause',
              Device: `device-${i % 25}`,
              IncidentDateStart: formatTimestamp(new Date(start + (i * 3 + f) * 3_600_000)),
            },
            reporter.sub,
            new Date(),
          ),
          reporter,
        );
      }
    }
    await changes.settled(120_000);
    const identity = (facilities: string[], roles: string[] = []) => ({
      sub: 'bench',
      name: undefined,
      clients: [logClient],
      facilities,
      roles,
      exp: 0,
    });
    const logRows: [string, Awaited<ReturnType<typeof metered.measure>>, string][] = [];
    const logCreate = await withFollowUp(() =>
      log.create(
        { client: logClient, facility: logFacilities[0]! },
        { sub: 'person-1', name: 'Person 1', roles: [] },
        { IncidentTitle: 'New', IncidentCause: 'A cause', IncidentDateStart: '2026-11-20 08:00:00' },
      ),
    );
    logRows.push([
      "create, with the stream writer's work (after |)",
      logCreate,
      `<= 12 WCU: ${verdict(logCreate.write <= 12)}`,
    ]);
    for (const [name, caller, page] of [
      ['page 1, token with 1 facility', identity(logFacilities.slice(0, 1)), 1],
      ['page 1, token with 3 facilities', identity(logFacilities), 1],
      ['page 3, token with 1 facility', identity(logFacilities.slice(0, 1)), 3],
      ['page 3, token with 3 facilities', identity(logFacilities), 3],
      ['page 1, role reporter (all tenants)', identity([], ['reporter']), 1],
      ['page 9, role reporter (all tenants)', identity([], ['reporter']), 9],
    ] as const) {
      logRows.push([name, await metered.measure(() => log.page(caller, page)), '']);
    }
    logRows.push(['find, token with 3 facilities', await metered.measure(() => log.find(identity(logFacilities))), '']);
    console.log(
      `\nDynamoDB per maintenance log write and report page (${PER_FACILITY} entries in each of 3 facilities; names ` +
        `resolved per page)\n`,
    );
    printCapacity(logRows, 'budget');
    // The scale runs below write 100,000 items in bulk: counting them is not what they measure.
    await changes.stop();
  });
}
