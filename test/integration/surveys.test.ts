/**
 * The survey store (shared/data/surveys.ts) on DynamoDB Local: the newest survey of a container, and a survey that
 * loses its container's version writing nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { dynamoSurveyStore } from '../../shared/data/surveys';
import { ConditionFailedError } from '../../shared/data/transact';
import { createContainer } from '../../shared/domain/container-rules';
import { newVersion } from '../../shared/domain/record';
import { readingOf, type SurveyRecord, surveyDecision } from '../../shared/domain/regimes/us-nrc-10cfr35/survey';
import { documentClient, runtime } from '../support/api';

const db = documentClient();
const NOW = new Date('2026-11-20T08:00:00Z');
const write = { actor: { sub: 'tech', name: 'Theo Technician' }, at: '2026-11-20 08:00:00', requestId: 'r' };
const tenant = { client: randomUUID(), facility: randomUUID() };

const survey = (container: string, SurveyedAt: string): SurveyRecord => {
  const background = readingOf({ Reading: 50, CountingTimeMinutes: 1 });
  const surface = readingOf({ Reading: 51, CountingTimeMinutes: 1 });
  return {
    Uuid: randomUUID(),
    Client: tenant.client,
    Facility: tenant.facility,
    ContainerUuid: container,
    SurveyedAt,
    SurveyedBy: 'tech',
    Instrument: {
      Uuid: randomUUID(),
      Name: 'Meter',
      Model: 'M',
      SerialNumber: 'S',
      CalibratedAt: '2026-01-01 00:00:00',
      CalibrationDueAt: '2027-01-01 00:00:00',
    },
    Unit: 'CPM',
    Scale: 'x1',
    NoShielding: true,
    Background: background,
    Surface: surface,
    ...surveyDecision('CPM', background, surface),
    CreatedAt: '2026-11-20 08:00:00',
  };
};

describe('survey store', () => {
  it('writes a survey with the container’s next version, answers the newest, writes nothing when stale', async () => {
    const containers = dynamoContainerStore(db, runtime().tableName);
    const surveys = dynamoSurveyStore(db, runtime().tableName);
    const record = { ...createContainer(tenant, randomUUID(), { Name: 'Box' }, [], NOW), State: 'DECAY' as const };
    await containers.create(record, [], write);
    const next = newVersion(record, NOW);
    const newer = survey(record.Uuid, '2026-11-20 08:10:00');
    await surveys.record(record, next, newer, write);
    await surveys.record(next, newVersion(next, NOW), survey(record.Uuid, '2026-11-20 07:50:00'), write);
    await expect(
      surveys.record(record, next, survey(record.Uuid, '2026-11-20 09:00:00'), write),
    ).rejects.toBeInstanceOf(ConditionFailedError);
    expect(await surveys.newest(tenant, record.Uuid)).toEqual(newer);
    expect((await containers.load(tenant, record.Uuid, { consistent: true }))!.record.Version).toBe(3);
    expect(await surveys.names(tenant.client, ['tech'])).toEqual(new Map([['tech', 'Theo Technician']]));
  });
});
