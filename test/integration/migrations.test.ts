/** The migrations on the shipped fixtures of the older shapes, on a table of their own. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../infra/local/emulators';
import { dynamoMaintenanceStore } from '../../shared/data/maintenance';
import { keys } from '../../shared/data/table';
import {
  migrateMaintenanceLogEntries,
  migrateProbeIdentifier,
  migrateReleaseTypes,
  migrateResponsivenessData,
} from '../../shared/operations/migrations';
import { dynamoClearanceNoticeStore } from '../../shared/data/clearance-notices';
import { recordProblems } from '../../shared/operations/records';
import { runToEnd as run } from '../support/operations';
import { documentClient, runtime } from '../support/api';
import { followTable } from '../support/changes';

const table = `ops-${randomUUID().slice(0, 8)}`;
const db = documentClient();
const tenant = { client: randomUUID(), facility: randomUUID() };
const get = async (PK: string, SK: string) =>
  (await db.send(new GetCommand({ TableName: table, Key: { PK, SK }, ConsistentRead: true }))).Item;

let changes: ReturnType<typeof followTable>;
afterAll(() => changes.stop());

beforeAll(async () => {
  await ensureTable(runtime().dynamodbEndpoint, table);
  changes = followTable(table);
  for (const file of [
    'maintenance-log-entries-v0',
    'probes-responsiveness-v0',
    'probes-by-device-v0',
    'clearance-notices-v0',
  ]) {
    const text = readFileSync(path.join(import.meta.dirname, '../fixtures/legacy', `${file}.jsonl`), 'utf8')
      .replaceAll('{{client}}', tenant.client)
      .replaceAll('{{facility}}', tenant.facility);
    for (const line of text.split('\n').filter(Boolean))
      await db.send(new PutCommand({ TableName: table, Item: JSON.parse(line) }));
  }
});

describe('migrations', () => {
  it('migrateMaintenanceLogEntries brings the first log book to the current shape, counts included', async () => {
    const dry = await run(migrateMaintenanceLogEntries(db, table), { dryRun: true });
    expect(dry.result).toMatchObject({ changed: 3, skipped: 1, dryRun: true });
    expect((await get(keys.tenant(tenant), 'MLE#11111111-0000-4000-8000-000000000002'))!.Title).toBe(
      'Dose calibrator drift',
    );

    const { result } = await run(migrateMaintenanceLogEntries(db, table));
    expect(result).toMatchObject({ changed: 3, skipped: 1 });
    expect(result.samples).toContain(
      `skipped ${keys.tenant(tenant)} MLE#11111111-0000-4000-8000-000000000004: StartedAt "sometime in spring" is ` +
        `not ` +
        `a date`,
    );
    const solved = await get(keys.tenant(tenant), 'MLE#11111111-0000-4000-8000-000000000001');
    expect(solved).toMatchObject({
      State: 'SOLVED',
      IncidentTitle: 'Gamma camera: detector 2 silent',
      IncidentSolution: 'Power supply of the detector electronics replaced',
      IncidentDateStart: '2024-03-04 07:45:00',
      IncidentDateEnd: '2024-03-04 15:10:00',
      Reporter: 'p-anna',
      Solver: 'p-ben',
      Device: 'dev-gamma-2',
      CreatedAt: '2024-03-04 07:50:12',
      UpdatedAt: '2024-03-04 15:12:00',
      Version: 1,
      G1PK: `${keys.tenant(tenant)}#MLE`,
    });
    expect(solved).not.toHaveProperty('Title');
    expect(recordProblems(solved!).problems).toEqual([]);
    // Closed without a solver: kept ONGOING rather than made invalid.
    expect((await get(keys.tenant(tenant), 'MLE#11111111-0000-4000-8000-000000000003'))!.State).toBe('ONGOING');
    // The migrated entries joined their indexes: the change stream counts them.
    await changes.settled();
    expect(await dynamoMaintenanceStore(db, table).countTenant(tenant)).toBe(3);
    expect(await dynamoMaintenanceStore(db, table).countAll()).toBe(3);
    expect((await run(migrateMaintenanceLogEntries(db, table))).result).toMatchObject({ changed: 0, skipped: 1 });
  });

  it('migrateResponsivenessData converts cps per kBq/cm² lists into s⁻¹ per Bq/cm² per nuclide', async () => {
    const { result } = await run(migrateResponsivenessData(db, table));
    expect(result).toMatchObject({ changed: 1, skipped: 1 });
    const probe = await get(keys.client(tenant.client), 'PROBE#LB-124-7731');
    expect(probe!.Responsiveness).toEqual({ 'F-18': expect.closeTo(0.0582, 10), 'Tc-99m': expect.closeTo(0.0315, 10) });
    expect(probe).not.toHaveProperty('ResponsivenessData');
    expect((await run(migrateResponsivenessData(db, table))).result).toMatchObject({ changed: 0, skipped: 1 });
  });

  it('migrateProbeIdentifier re-keys probe data from the device to the probe identifier', async () => {
    const { result } = await run(migrateProbeIdentifier(db, table));
    expect(result).toMatchObject({ changed: 1, skipped: 1 });
    expect(await get(keys.client(tenant.client), 'PROBE#DEVICE#dev-monitor-3')).toBeUndefined();
    expect(await get(keys.client(tenant.client), 'PROBE#LB-124-9001')).toMatchObject({
      ProbeIdentifier: 'LB-124-9001',
      Device: 'dev-monitor-3',
      Responsiveness: { 'I-131': 0.0412 },
    });
    expect(await get(keys.client(tenant.client), 'PROBE#DEVICE#dev-monitor-4')).toBeDefined();
    expect((await run(migrateProbeIdentifier(db, table))).result).toMatchObject({ changed: 0, skipped: 1 });
  });

  it(
    'migrateReleaseTypes: a notice permitting SPECIFIC_DISPOSAL permits both disposal routes, names no plant yet; ' +
      'read before it runs, changed by no dry run, left alone by a second run',
    async () => {
      const notices = dynamoClearanceNoticeStore(db, table);
      const key = 'NOTICE#0f1e2d3c-0000-4000-8000-000000000001';
      // Before: it reads, with no plants, and is a valid record (an older shape of a legal document).
      const before = await notices.get(tenant, '0f1e2d3c-0000-4000-8000-000000000001');
      expect(before).toMatchObject({ ReleaseTypes: ['UNRESTRICTED', 'SPECIFIC_DISPOSAL'], DisposalPlants: [] });
      expect(recordProblems((await get(keys.tenant(tenant), key))!).problems).toEqual([]);
      const dry = await run(migrateReleaseTypes(db, table), { dryRun: true });
      expect(dry.result).toMatchObject({ changed: 1, skipped: 0, dryRun: true });
      expect(dry.result.samples).toEqual([
        `${keys.tenant(tenant)} ${key}: ReleaseTypes UNRESTRICTED, SPECIFIC_DISPOSAL -> UNRESTRICTED, ` +
          'SPECIFIC_LANDFILL, SPECIFIC_INCINERATION (name the plants: DisposalPlants)',
      ]);
      expect((await get(keys.tenant(tenant), key))!.ReleaseTypes).toEqual(['UNRESTRICTED', 'SPECIFIC_DISPOSAL']);

      const { result } = await run(migrateReleaseTypes(db, table));
      expect(result).toMatchObject({ changed: 1, skipped: 0, dryRun: false });
      const migrated = await get(keys.tenant(tenant), key);
      // Its citations, version and the rest stay as they were: the same notice, its types told apart.
      expect(migrated).toMatchObject({
        ReleaseTypes: ['UNRESTRICTED', 'SPECIFIC_LANDFILL', 'SPECIFIC_INCINERATION'],
        DisposalPlants: [],
        Citations: 2,
        LastCitedAt: '2026-06-01 10:00:00',
        Version: 3,
        FileNumber: 'RP-2026/0815',
      });
      // Without plants the routes it now permits break its rule: selectInvalidRecords names it, until an officer
      // adds the plants (a cited notice may gain plants).
      expect(recordProblems(migrated!).problems).toEqual([
        'DisposalPlants: the notice permits SPECIFIC_LANDFILL: name at least one plant of it',
        'DisposalPlants: the notice permits SPECIFIC_INCINERATION: name at least one plant of it',
      ]);
      expect((await get(keys.tenant(tenant), 'NOTICE#0f1e2d3c-0000-4000-8000-000000000002'))!.ReleaseTypes).toEqual([
        'UNRESTRICTED',
      ]);
      expect((await run(migrateReleaseTypes(db, table))).result).toMatchObject({ changed: 0, skipped: 0 });
    },
  );
});
