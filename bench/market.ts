/**
 * The market part of `npm run bench`: maintenance operations on a table the size that shows their growth. It seeds
 * MARKET_ITEMS items (300,000 unless BENCH_MARKET_ITEMS says otherwise) over MARKET_CLIENTS clients of 2 to 5
 * facilities each, by BatchWriteItem (4 batches of 25 in flight), with each facility's entry in the facility index as
 * the stream writer makes it (the table has no stream: nothing here counts the seeded items). One client holds
 * CLIENT_ITEMS items. Then, each run in this process through its state machine definition (infra/local/executions.ts):
 * the client's export and import, the same client's export alone in a fresh table, and regenerateSequenceMemory and
 * selectInvalidRecords with 1 and with 8 segments (dry runs: the table stays as seeded). The per-page figures feed the
 * projection to 1, 10 and 50 million items (bench/projection.ts, docs/maintenance-operations.md).
 */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ensureTable, startS3 } from '../infra/local/emulators';
import { runOperation } from '../infra/local/executions';
import { createDocumentClient } from '../shared/clients/dynamodb';
import { createS3Client } from '../shared/clients/s3';
import { batchPut } from '../shared/data/batch';
import { containerItem } from '../shared/data/container-items';
import { documentItem } from '../shared/data/documents';
import { facilityEntry } from '../shared/data/facilities';
import { s3FileStorage } from '../shared/data/files';
import { maintenanceItem } from '../shared/data/maintenance';
import { ITEM_TYPES, keys, type Tenant } from '../shared/data/table';
import { createContainer } from '../shared/domain/container-rules';
import { DOCUMENT_SCOPES, newDocument } from '../shared/domain/document';
import { createEntry } from '../shared/domain/maintenance';
import { formatTimestamp } from '../shared/domain/time';
import { withDynamoDbLocal } from './local-table';
import { exportRecords } from '../shared/operations/export-records';
import { importRecords } from '../shared/operations/import-records';
import { invalidRecords } from '../shared/operations/invalid-records';
import { regenerateSequenceMemory } from '../shared/operations/regenerate-sequence-memory';
import type { Operation, StepOptions } from '../shared/operations/step';
import { type Measured, printProjection } from './projection';

const MARKET_ITEMS = Number(process.env.BENCH_MARKET_ITEMS ?? 300_000);
const MARKET_CLIENTS = Math.max(100, Math.round(MARKET_ITEMS / 2_500));
const CLIENT_ITEMS = 2_000;
const SEED_BATCHES_IN_FLIGHT = 4;

/** One client's items: per facility containers (each with its audit entry), documents, log entries; its people. */
function clientItems(client: string, facilities: string[], count: number, invalid: number): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  for (let p = 0; p < 5; p++)
    items.push({
      PK: keys.client(client),
      SK: keys.person(`p-${p}`),
      Type: ITEM_TYPES.person,
      Uuid: `p-${p}`,
      Client: client,
      Name: `Person ${p}`,
    });
  for (let i = 0; items.length < count; i++) {
    const tenant: Tenant = { client, facility: facilities[i % facilities.length]! };
    const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000);
    const uuid = randomUUID();
    const kind = i % 10;
    if (kind < 3) {
      items.push(containerItem(createContainer(tenant, uuid, { Name: `Box ${i}`, Weight: 1200 }, [], at)));
      items.push({
        PK: keys.tenant(tenant),
        SK: keys.audit('CONTAINER', uuid, formatTimestamp(at), randomUUID()),
        Type: ITEM_TYPES.audit,
        Entity: ITEM_TYPES.container,
        EntityUuid: uuid,
        Action: 'created',
        Actor: 'p-0',
        At: formatTimestamp(at),
        Changes: [],
      });
    } else if (kind < 8)
      items.push(
        documentItem(
          newDocument(
            tenant,
            uuid,
            { Scope: DOCUMENT_SCOPES[i % 6]!, ScopeReference: `ref-${i % 40}`, Filename: `d${i}.pdf` },
            at,
          ),
        ),
      );
    else
      items.push(
        maintenanceItem(
          createEntry(
            tenant,
            uuid,
            { IncidentTitle: `Incident ${i}`, IncidentCause: 'A cause', IncidentDateStart: formatTimestamp(at) },
            'p-0',
            at,
          ),
        ),
      );
  }
  for (let i = 0; i < invalid; i++)
    items.push({ PK: keys.tenant({ client, facility: facilities[0]! }), SK: `MYSTERY#${i}`, Type: 'Mystery' });
  return [...items, ...facilities.map((facility) => facilityEntry({ client, facility }))];
}

async function timed<S>(operation: Operation<S>, options: StepOptions): Promise<Measured> {
  const started = performance.now();
  const { output } = await runOperation(operation, options);
  return { seconds: Math.round((performance.now() - started) / 100) / 10, result: output.result as Measured['result'] };
}

/** Writes items by BatchWriteItem, a few batches in flight. */
async function seed(db: ReturnType<typeof createDocumentClient>, table: string, items: Record<string, unknown>[]) {
  const chunk = 25 * 20;
  for (let i = 0; i < items.length; i += chunk * SEED_BATCHES_IN_FLIGHT)
    await Promise.all(
      Array.from({ length: SEED_BATCHES_IN_FLIGHT }, (_, k) =>
        batchPut(db, table, items.slice(i + k * chunk, i + (k + 1) * chunk)),
      ),
    );
}

const reportOf = (result: Record<string, unknown>) => {
  const { run: _r, findings: _f, read: _read, written: _written, segments: _s, ...rest } = result;
  return JSON.stringify(rest);
};

export async function market(verdict: (ok: boolean) => string): Promise<void> {
  return withDynamoDbLocal('market', async ({ endpoint, scratch }) => {
    const s3Emulator = await startS3({ dir: path.join(scratch, 's3'), buckets: ['market-files', 'market-records'] });
    try {
      const db = createDocumentClient(endpoint);
      const s3 = createS3Client(s3Emulator.endpoint);
      await s3.send(new CreateBucketCommand({ Bucket: 'market-fresh-records' }));
      const files = s3FileStorage(s3, 'market-files');
      for (const table of ['market', 'market-fresh', 'market-alone'])
        await ensureTable(endpoint, table, { stream: false });
      const clients = Array.from({ length: MARKET_CLIENTS }, (_, c) => ({
        client: randomUUID(),
        facilities: Array.from({ length: 2 + (c % 4) }, () => randomUUID()),
        count:
          c === 0
            ? CLIENT_ITEMS
            : Math.round(((MARKET_ITEMS - CLIENT_ITEMS) / (MARKET_CLIENTS - 1)) * (0.5 + (c % 7) / 6)),
      }));
      const measuredClient = clients[0]!;
      const seeded = performance.now();
      let total = 0;
      for (const [c, { client, facilities, count }] of clients.entries()) {
        const items = clientItems(client, facilities, count, c % 10 === 1 ? 3 : 0);
        await seed(db, 'market', items);
        if (c === 0) await seed(db, 'market-alone', items);
        total += items.length;
        process.stderr.write(`\rseeding the market table: ${total} items, ${c + 1}/${clients.length} clients`);
      }
      const seedSeconds = (performance.now() - seeded) / 1000;
      process.stderr.write(`\rseeded ${total} items over ${clients.length} clients in ${seedSeconds.toFixed(0)} s\n`);

      const exporting = (table: string) =>
        exportRecords({
          db,
          tableName: table,
          s3,
          bucket: 'market-files',
          files,
          records: s3FileStorage(s3, 'market-records'),
        });
      // Interleaved, three times each, the median: a first run also pays this process's warm-up.
      const exports: Measured[] = [];
      const alones: Measured[] = [];
      for (let i = 0; i < 3; i++) {
        exports.push(await timed(exporting('market'), { client: measuredClient.client }));
        alones.push(await timed(exporting('market-alone'), { client: measuredClient.client }));
      }
      const middle = (runs: Measured[]) => [...runs].sort((a, b) => a.seconds - b.seconds)[1]!;
      const [exported, alone] = [middle(exports), middle(alones)];
      const imported = await timed(
        importRecords({
          db,
          tableName: 'market-fresh',
          s3,
          bucket: 'market-files',
          files,
          records: s3FileStorage(s3, 'market-fresh-records'),
        }),
        { client: measuredClient.client, inputs: { from: String(exported.result.location) } },
      );
      const runs: [string, Measured, Measured][] = [];
      for (const [name, make] of [
        ['regenerateSequenceMemory', () => regenerateSequenceMemory(db, 'market')],
        ['selectInvalidRecords', () => invalidRecords(db, 'market', files, 'select')],
      ] as [string, () => Operation<unknown>][]) {
        const one = await timed(make(), { segments: 1, dryRun: true });
        const eight = await timed(make(), { segments: 8, dryRun: true });
        runs.push([name, one, eight]);
      }

      const exportedItems = Object.values(exported.result.counts as Record<string, number>).reduce((s, n) => s + n, 0);
      const ratio = exported.result.read.items / exportedItems;
      const slower = exported.seconds / alone.seconds;
      const row = (what: string, m: Measured, note: string) =>
        console.log(
          `| ${what} | ${m.result.read.items} | ${m.result.read.capacityUnits} | ${m.result.written.items} | ` +
            `${m.result.written.capacityUnits} | ${m.seconds} | ${note} |`,
        );
      console.log(
        `\nMaintenance at market size: ${total} items, ${clients.length} clients, ` +
          `${clients.reduce((s, c) => s + c.facilities.length, 0)} ` +
          `facilities (seeded by BatchWriteItem in ${seedSeconds.toFixed(0)} s); ` +
          `one client of ${exportedItems} items\n`,
      );
      console.log('| operation | items read | RCU | items written | WCU | seconds | |');
      console.log('|---|---:|---:|---:|---:|---:|---|');
      row(
        'exportRecords, the client in the market table (median of 3)',
        exported,
        `read/exported ${ratio.toFixed(3)} (<= 1.1): ${verdict(ratio <= 1.1)}`,
      );
      row(
        'exportRecords, the client alone in a fresh table (median of 3)',
        alone,
        `market/alone ${slower.toFixed(2)} x (within 1.5 x): ${verdict(slower <= 1.5 && slower >= 1 / 1.5)}`,
      );
      row('importRecords into a fresh table', imported, `imported ${imported.result.imported}`);
      for (const [name, one, eight] of runs) {
        const same = reportOf(one.result) === reportOf(eight.result);
        row(`${name}, 1 segment (dry run)`, one, '');
        row(`${name}, 8 segments (dry run)`, eight, `same report as 1 segment: ${verdict(same)}`);
      }
      printProjection(
        runs.map(([name, one]) => ({ name, ...one })),
        { ...exported, items: exportedItems },
        total,
      );
    } finally {
      await s3Emulator.stop();
    }
  });
}
