/**
 * The scale part of `npm run bench`: exportRecords and importRecords of 100,000 records of one client (10 facilities),
 * each in a process of its own with the heap a 256 MB function gets, through the step function's handler: time and
 * peak memory.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureTable, startS3 } from '../infra/local/emulators';
import { repoRoot } from '../infra/local/paths';
import { createDocumentClient } from '../shared/clients/dynamodb';
import { environmentOf } from '../shared/config';
import { batchPut } from '../shared/data/batch';
import { containerItem } from '../shared/data/container-items';
import { documentItem } from '../shared/data/documents';
import { facilityEntry } from '../shared/data/facilities';
import { maintenanceItem } from '../shared/data/maintenance';
import { createContainer } from '../shared/domain/container-rules';
import { DOCUMENT_SCOPES, newDocument } from '../shared/domain/document';
import { createEntry } from '../shared/domain/maintenance';
import { formatTimestamp } from '../shared/domain/time';
import { withDynamoDbLocal } from './local-table';

export async function scale(verdict: (ok: boolean) => string): Promise<void> {
  const start = Date.UTC(2024, 0, 1);
  return withDynamoDbLocal('scale', async ({ endpoint, scratch }) => {
    const db = createDocumentClient(endpoint);
    // ---- export and import of 100,000 records (maintenance operations), time and peak memory ------
    const SCALE = Number(process.env.BENCH_SCALE_RECORDS ?? 100_000);
    const s3Emulator = await startS3({ dir: path.join(scratch, 's3'), buckets: ['bench-files', 'bench-records'] });
    await ensureTable(endpoint, 'bench-scale', { stream: false });
    try {
      const scaleClient = randomUUID();
      const facilities = Array.from({ length: 10 }, () => randomUUID());
      const seeded = Date.now();
      const batch: Record<string, unknown>[] = [];
      for (let i = 0; i < SCALE; i++) {
        const tenant = { client: scaleClient, facility: facilities[i % facilities.length]! };
        const at = new Date(start + i * 60_000);
        if (i % 10 < 5)
          batch.push(
            documentItem(
              newDocument(
                tenant,
                randomUUID(),
                { Scope: DOCUMENT_SCOPES[i % 6]!, ScopeReference: `ref-${i % 500}`, Filename: `document-${i}.pdf` },
                at,
              ),
            ),
          );
        else if (i % 10 < 8)
          batch.push(
            maintenanceItem(
              createEntry(
                tenant,
                randomUUID(),
                { IncidentTitle: `Incident ${i}`, IncidentCause: 'A cause', IncidentDateStart: formatTimestamp(at) },
                `person-${i % 50}`,
                at,
              ),
            ),
          );
        else {
          batch.push(containerItem(createContainer(tenant, randomUUID(), { Name: `Box ${i}`, Weight: 10 }, [], at)));
        }
        if (batch.length === 1000 || i === SCALE - 1) {
          await batchPut(db, 'bench-scale', batch.splice(0));
          process.stderr.write(`\rseeding records ${i + 1}/${SCALE}`);
        }
      }
      // The table has no stream: the facilities are entered as the stream writer enters them.
      await batchPut(
        db,
        'bench-scale',
        facilities.map((facility) => facilityEntry({ client: scaleClient, facility })),
      );
      process.stderr.write(`\rseeded ${SCALE} records in ${((Date.now() - seeded) / 1000).toFixed(0)} s\n`);
      // Asynchronous: the S3 emulator answers from this process's event loop.
      // The run gets the heap a 256 MB function gets: V8 on a 24 GB machine grows its heap lazily far
      // beyond what it needs, so an unbounded run measures V8's appetite, not the operation's. Finishing
      // within these limits is what shows the operation fits; the peak RSS says by how much.
      const FUNCTION_HEAP = ['--max-old-space-size=192', '--max-semi-space-size=16'];
      const child = async (args: string[], table: string) => {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [...FUNCTION_HEAP, '--import', 'tsx', 'bench/scale-run.ts', ...args],
          {
            cwd: repoRoot,
            env: {
              ...process.env,
              ...environmentOf({
                tableName: table,
                bucketName: 'bench-files',
                recordsBucketName: 'bench-records',
                dynamodbEndpoint: endpoint,
                s3Endpoint: s3Emulator.endpoint,
              }),
              LOG_LEVEL: 'SILENT',
            },
            maxBuffer: 64 * 1024 * 1024,
          },
        );
        return JSON.parse(stdout.trim().split('\n').pop()!) as {
          seconds: number;
          peakRssMiB: number;
          result: Record<string, unknown>;
        };
      };
      const exported = await child(['exportRecords', scaleClient], 'bench-scale');
      await ensureTable(endpoint, 'bench-fresh', { stream: false });
      const imported = await child(
        ['importRecords', scaleClient, '--from', String(exported.result.location)],
        'bench-fresh',
      );
      console.log(
        `\nMaintenance operations on ${SCALE} records of one client (10 facilities), each in its own process\n`,
      );
      console.log('| operation | seconds | peak RSS MiB (<= 256) | result |');
      console.log('|---|---:|---:|---|');
      console.log(
        `| exportRecords | ${exported.seconds} | ${exported.peakRssMiB} ${verdict(exported.peakRssMiB <= 256)} | ` +
          `${JSON.stringify(exported.result.counts)}, ${exported.result.parts} parts |`,
      );
      console.log(
        `| importRecords (fresh table) | ${imported.seconds} | ${imported.peakRssMiB} ` +
          `${verdict(imported.peakRssMiB <= 256)} | imported ${imported.result.imported}, unchanged ` +
          `${imported.result.unchanged}, rejected ${imported.result.rejected} |`,
      );
    } finally {
      await s3Emulator.stop();
    }
  });
}
