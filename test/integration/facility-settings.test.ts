/**
 * The settings store (shared/data/facility-settings.ts) on DynamoDB Local: written once, changed under its version,
 * and whether the facility has a closed container.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { ConditionFailedError } from '../../shared/data/transact';
import { createContainer } from '../../shared/domain/container-rules';
import { changeSettings, defaultSettings } from '../../shared/domain/facility-settings';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const NOW = new Date('2026-11-20T08:00:00Z');
const write = { actor: { sub: 'rpo', name: 'Rosa Officer' }, at: '2026-11-20 08:00:00', requestId: 'r' };

describe('settings store', () => {
  it('writes the first settings once, then changes them only from the version read', async () => {
    const store = dynamoSettingsStore(db, runtime().tableName);
    const tenant = { client: randomUUID(), facility: randomUUID() };
    expect(await store.get(tenant)).toBeUndefined();
    const first = defaultSettings(tenant, NOW);
    expect(await store.create(first)).toBe(true);
    expect(await store.create({ ...first, TimeZone: 'Europe/Vienna' })).toBe(false);
    const next = changeSettings(first, { Regime: 'US_NRC_10CFR35' }, 0, NOW);
    await store.update(first, next);
    await expect(store.update(first, next)).rejects.toBeInstanceOf(ConditionFailedError);
    expect(await store.get(tenant, { consistent: true })).toEqual(next);
  });

  it('finds a closed container among the open ones', async () => {
    const store = dynamoSettingsStore(db, runtime().tableName);
    const containers = dynamoContainerStore(db, runtime().tableName);
    const tenant = { client: randomUUID(), facility: randomUUID() };
    for (let i = 0; i < 3; i++)
      await containers.create(createContainer(tenant, randomUUID(), { Name: `Open ${i}` }, [], NOW), [], write);
    expect(await store.closedContainers(tenant)).toBe(0);
    const closed = { ...createContainer(tenant, randomUUID(), { Name: 'Closed' }, [], NOW), State: 'DECAY' as const };
    await containers.create(closed, [], write);
    expect(await store.closedContainers(tenant)).toBe(1);
  });
});
