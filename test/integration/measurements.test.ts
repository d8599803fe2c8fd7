/**
 * The measurement store (shared/data/measurements.ts) on DynamoDB Local: the newest measurement, and a measurement
 * that loses its container's version writing nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoMeasurementStore } from '../../shared/data/measurements';
import { ConditionFailedError } from '../../shared/data/transact';
import { newVersion } from '../../shared/domain/record';
import { createContainer } from '../../shared/domain/container-rules';
import type { MeasurementRecord } from '../../shared/domain/measurement';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const table = () => runtime().tableName;
const tenant = { client: randomUUID(), facility: randomUUID() };
const actor = { sub: 'rpo', name: 'Rosa Officer' };
const NOW = new Date('2026-11-20T08:00:00Z');

describe('measurement store', () => {
  it('writes a measurement with its container’s next version, or nothing when the version moved', async () => {
    const containers = dynamoContainerStore(db, table());
    const measurements = dynamoMeasurementStore(db, table());
    const record = { ...createContainer(tenant, randomUUID(), { Name: 'Bag' }, [], NOW), State: 'DECAY' as const };
    const write = { actor, at: '2026-11-20 08:00:00', requestId: randomUUID() };
    await containers.create(record, [], write);
    const measurement = (uuid: string, MeasuredAt: string) =>
      ({
        Client: tenant.client,
        Facility: tenant.facility,
        Uuid: uuid,
        ContainerUuid: record.Uuid,
        MeasuredAt,
      }) as MeasurementRecord;
    const next = newVersion(record, NOW);
    await measurements.record(record, next, measurement('m1', '2026-11-20 08:10:00'), write);
    await measurements.record(next, newVersion(next, NOW), measurement('m2', '2026-11-20 07:50:00'), write);
    await expect(
      measurements.record(record, next, measurement('m3', '2026-11-20 09:00:00'), write),
    ).rejects.toBeInstanceOf(ConditionFailedError);
    expect((await measurements.newest(tenant, record.Uuid))?.Uuid).toBe('m1');
    expect((await measurements.list(tenant, record.Uuid)).map((m) => m.Uuid)).toEqual(['m1', 'm2']);
    expect((await containers.load(tenant, record.Uuid, { consistent: true }))?.record.Version).toBe(3);
    const history = await containers.history(tenant, record.Uuid);
    expect(history.filter((e) => e.action === 'measured').map((e) => e.changes[0]!.field)).toEqual([
      'DecisionMeasurement',
      'DecisionMeasurement',
    ]);
  });
});
