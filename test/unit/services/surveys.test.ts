/** shared/services/surveys.ts over the in-memory stores: the regime, the state, the meter, the decision. */
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../shared/domain/container-rules';
import { createInstrument, newCheck } from '../../../shared/domain/instrument';
import { REGIMES } from '../../../shared/domain/regimes';
import { surveyService } from '../../../shared/services/surveys';
import { rejection } from '../../support/errors';
import { memoryContainerStore } from '../../support/memory/containers';
import { memoryInstrumentStore } from '../../support/memory/instruments';
import { memorySurveyStore } from '../../support/memory/surveys';

const tenant = { client: 'c', facility: 'f' };
const writer = { sub: 'ada', name: 'Ada Lovelace', roles: [] };
const NOW = new Date('2026-11-20T08:00:00Z');

async function setup(regime = REGIMES.US_NRC_10CFR35, kind: 'SURVEY_METER' | 'DOSE_RATE_METER' = 'SURVEY_METER') {
  const containers = memoryContainerStore();
  const instruments = memoryInstrumentStore();
  const surveys = memorySurveyStore(containers);
  const write = { actor: writer, at: '2026-11-19 08:00:00', requestId: 'r' };
  const open = createContainer(tenant, 'open', { Name: 'Open' }, [], NOW);
  await containers.create(open, [], write);
  await containers.create({ ...createContainer(tenant, 'box', { Name: 'Box' }, [], NOW), State: 'DECAY' }, [], write);
  const meter = createInstrument(
    tenant,
    'meter',
    {
      Name: 'Meter',
      Model: 'M',
      SerialNumber: 'S',
      Kind: kind,
      CalibratedAt: '2026-01-01 00:00:00',
      CalibrationDueAt: '2027-01-01 00:00:00',
    },
    NOW,
  );
  await instruments.create(meter, writer);
  await instruments.addCheck(
    newCheck(meter, 'c', { CheckedAt: '2026-11-20 07:00:00', Result: 'PASS' }, 'ada', NOW),
    writer,
  );
  const service = surveyService({ containers, instruments, surveys, rules: async () => ({ regime }) }, () => NOW);
  return { service, surveys };
}
const body = (surface = 52) => ({
  InstrumentUuid: 'meter',
  SurveyedAt: '2026-11-20 07:30:00',
  Scale: 'x1',
  NoShielding: true as const,
  Unit: 'CPM' as const,
  Background: { Reading: 50, CountingTimeMinutes: 2 },
  Surface: { Reading: surface, CountingTimeMinutes: 2 },
});
const keyOf = async (p: Promise<unknown>) => (await rejection(p)).notification.key;

describe('the survey service', () => {
  it('records a survey at background with the container’s next version', async () => {
    const { service, surveys } = await setup();
    const { model, etag } = await service.add(tenant, writer, 'box', body(), 'r');
    expect(model).toMatchObject({ ContainerUuid: 'box', Instrument: { SerialNumber: 'S' }, AtBackground: true });
    expect(etag).toBe('"box.2"');
    expect(surveys.all()).toHaveLength(1);
  });

  it('refuses: another regime, a state, a future time, no meter, another kind, above background', async () => {
    expect(await keyOf((await setup(REGIMES.DE_STRLSCHV_2018)).service.add(tenant, writer, 'box', body(), 'r'))).toBe(
      'regime.not_applicable',
    );
    const { service, surveys } = await setup();
    expect(await keyOf(service.add(tenant, writer, 'open', body(), 'r'))).toBe('container.survey_state');
    expect(await keyOf(service.add(tenant, writer, 'none', body(), 'r'))).toBe('container.not_found');
    expect(await keyOf(service.add(tenant, writer, 'box', { ...body(), SurveyedAt: '2026-11-21 08:00:00' }, 'r'))).toBe(
      'request.invalid',
    );
    expect(await keyOf(service.add(tenant, writer, 'box', { ...body(), InstrumentUuid: 'x' }, 'r'))).toBe(
      'instrument.not_found',
    );
    expect(await keyOf(service.add(tenant, writer, 'box', body(500), 'r'))).toBe('container.above_background');
    expect(surveys.all()).toEqual([]);
    const dose = await setup(REGIMES.US_NRC_10CFR35, 'DOSE_RATE_METER');
    expect(await keyOf(dose.service.add(tenant, writer, 'box', body(), 'r'))).toBe('survey.instrument_kind');
  });
});
