/**
 * Every route has a sample event in events/, and `npm run invoke -- <operation> <event>` runs it
 * against the running local emulators. Each run uses a fresh tenant (the sample's ids replaced) so
 * runs never meet.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { createContainer } from '../../shared/domain/container';
import { routes } from '../../shared/routes';
import { documentClient, runtime } from '../support/api';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const eventFileOf = (entry: string) => path.join(root, entry.replace(/^functions\//, 'events/').replace(/\.ts$/, '.json'));
const SAMPLE = { client: 'a1b2c3d4-0000-4000-8000-000000000001', facility: 'a1b2c3d4-0000-4000-8000-000000000002', uuid: 'a1b2c3d4-0000-4000-8000-000000000003' };

describe('sample events and npm run invoke', () => {
  for (const route of routes) {
    it(`${route.operation}: ${path.relative(root, eventFileOf(route.entry))}`, async () => {
      const file = eventFileOf(route.entry);
      expect(existsSync(file)).toBe(true);
      const tenant = { client: randomUUID(), facility: randomUUID() };
      const text = readFileSync(file, 'utf8').replaceAll(SAMPLE.client, tenant.client).replaceAll(SAMPLE.facility, tenant.facility);
      const event = JSON.parse(text);
      expect(event.routeKey).toBe(`${route.method} ${route.path}`);
      if (route.path.includes('{uuid}')) {
        const store = dynamoContainerStore(documentClient(), runtime().tableName);
        const record = createContainer(tenant, SAMPLE.uuid, { Name: 'Seeded' }, [], new Date());
        await store.create(record, [], { actor: { sub: 'seed', name: 'Seed' }, at: record.CreatedAt, requestId: randomUUID() });
      }
      const scratch = path.join(mkdtempSync(path.join(os.tmpdir(), 'nm-event-')), 'event.json');
      writeFileSync(scratch, text);
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'infra/local/invoke.ts', route.operation, scratch], {
        cwd: root,
        env: { ...process.env, LOCAL_DIR: inject('localDir') },
      });
      const result = JSON.parse(stdout);
      expect(result.statusCode, stdout).toBe(200);
      expect(result.body.ContainerModel).toMatchObject({ Client: tenant.client, Facility: tenant.facility });
    });
  }
});
