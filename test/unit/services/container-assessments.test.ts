/**
 * shared/services/container-assessments.ts over the in-memory container store and release sources: wired alone, as
 * the release assessment's function wires it (functions/commons/assessments.ts), the assessment weighs the newest
 * decision measurement and the chart shows every one, as the container service answers them; INDIVIDUAL needs a
 * notice that exists.
 */
import { describe, expect, it } from 'vitest';
import { containerService } from '../../../shared/services/containers';
import { containerAssessments } from '../../../shared/services/container-assessments';
import type { Writer } from '../../../shared/services/writes';
import { rejection } from '../../support/errors';
import { memoryContainerStore } from '../../support/memory/containers';
import { measurementFixture, memoryReleaseSources } from '../../support/memory/release-sources';

const tenant = { client: 'c1', facility: 'f1' };
const ada: Writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };

describe('containerAssessments', () => {
  it('weighs the newest decision measurement, charts every one, as the service does', async () => {
    const store = memoryContainerStore();
    const sources = memoryReleaseSources();
    const clock = () => new Date('2026-11-20T09:00:00Z');
    const service = containerService(store, { clock, ...sources });
    const box = { Name: 'Box', Weight: 10_000, MeasurementActivity: 1_000_000, MeasurementDate: '2026-11-20 08:00:00' };
    const { model } = await service.create(tenant, ada, { ...box, WasteForm: 'SOLID' }, 'r1');
    const uuid = model.Uuid as string;
    await service.addContent(tenant, ada, uuid, { Kind: 'GENERATOR_ELUAT', ContentId: 'e1', Nuclide: 'I-131' }, 'r');
    // Two measurements of I-131 (its level 10 Bq/g): 20 Bq/g at 08:10, then 0.5 Bq/g at 08:30, the newest.
    for (const [at, valueUsed] of [
      ['2026-11-20 08:10:00', 20],
      ['2026-11-20 08:30:00', 0.5],
    ] as const)
      sources.addMeasurement(
        tenant,
        measurementFixture({
          containerUuid: uuid,
          at,
          weightG: 10_000,
          fractions: { 'I-131': 1 },
          valueUsed,
          detectionLimit: 0.01,
        }),
      );
    const alone = containerAssessments(store, sources, clock);
    const assessed = await alone.assess(tenant, uuid);
    expect(assessed).toEqual(await service.assess(tenant, uuid));
    expect(assessed.assessment.ContainerUuid).toBe(uuid);
    expect(assessed.assessment.DecisionMeasurement).toMatchObject({ MeasuredAt: '2026-11-20 08:30:00' });
    const chart = await alone.chart(tenant, uuid, 'en');
    expect(chart).toEqual(await service.chart(tenant, uuid, 'en'));
    expect(chart.measurements).toHaveLength(2);
  });

  it('refuses INDIVIDUAL without a notice (400) and with one that does not exist (404)', async () => {
    const store = memoryContainerStore();
    const sources = memoryReleaseSources();
    const { model } = await containerService(store).create(tenant, ada, { Name: 'Box' }, 'r1');
    const alone = containerAssessments(store, sources);
    const without = await rejection(alone.assess(tenant, model.Uuid as string, 'INDIVIDUAL'));
    expect([without.statusCode, without.notification.key]).toEqual([400, 'request.invalid']);
    const unknown = await rejection(alone.assess(tenant, model.Uuid as string, 'INDIVIDUAL', 'no-such-notice'));
    expect([unknown.statusCode, unknown.notification.key]).toEqual([404, 'clearance_notice.not_found']);
  });
});
