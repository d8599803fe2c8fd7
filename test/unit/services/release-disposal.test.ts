/**
 * shared/services/release-disposal.ts, reached as the update, the survey and the release reach it, under the US regime
 * over the in-memory stores: a container of a 120+ day nuclide kept OPEN, the release date ten half-lives on, the
 * gate the held time, the labels off before the release, the release on a survey at background, its English record,
 * its register line, and its lock for 3 years; the German members refused (409 naming the regime).
 */
import { describe, expect, it } from 'vitest';
import { createInstrument, newCheck } from '../../../shared/domain/instrument';
import { US_NRC_10CFR35 } from '../../../shared/domain/regimes/us-nrc-10cfr35';
import { surveyService } from '../../../shared/services/surveys';
import { rejection } from '../../support/errors';
import { memoryInstrumentStore } from '../../support/memory/instruments';
import { ada, grace, setup, T0, tenant } from '../../support/memory/releasing';

const usSetup = () => {
  const s = setup({ regime: US_NRC_10CFR35, timeZone: 'America/Chicago' });
  const instruments = memoryInstrumentStore();
  const surveys = surveyService(
    { containers: s.store, instruments, surveys: s.surveys, rules: async () => ({ regime: US_NRC_10CFR35 }) },
    s.now,
  );
  return { ...s, instruments, survey: surveys };
};
type Us = ReturnType<typeof usSetup>;

/** A Tc-99m and I-131 box, closed at T0. */
async function held(s: Us, nuclides = ['Tc-99m', 'I-131']) {
  const { model } = await s.containers.create(tenant, ada, { Name: 'Box 12' }, 'r');
  const uuid = model.Uuid as string;
  for (const [i, Nuclide] of nuclides.entries())
    await s.containers.addContent(
      tenant,
      ada,
      uuid,
      { Kind: 'CYCLOTRON_PRODUCT', ContentId: `p${i}`, Nuclide, Activity: 4e8, ActivityDateTime: T0 },
      'r',
    );
  return uuid;
}

async function meter(s: Us) {
  const record = createInstrument(
    tenant,
    'meter-1',
    {
      Name: 'Survey meter',
      Model: 'Ludlum 3',
      SerialNumber: 'L3-25117',
      Kind: 'SURVEY_METER',
      CalibratedAt: '2026-06-01 00:00:00',
      CalibrationDueAt: '2027-06-01 00:00:00',
    },
    new Date('2026-06-01T00:00:00Z'),
  );
  await s.instruments.create(record, grace);
  await s.instruments.addCheck(
    newCheck(record, 'check-1', { CheckedAt: '2027-02-09 08:00:00', Result: 'PASS' }, 'grace', new Date()),
    grace,
  );
  return record.Uuid;
}

const survey = (instrument: string, surface: number) => ({
  InstrumentUuid: instrument,
  SurveyedAt: '2027-02-09 09:00:00',
  Scale: 'x0.1',
  NoShielding: true as const,
  Unit: 'CPM' as const,
  Background: { Reading: 50, CountingTimeMinutes: 2 },
  Surface: { Reading: surface, CountingTimeMinutes: 2 },
});
const release = { type: null, noticeUuid: null, plant: null, justification: null, discrepancyCause: null };

describe('decay-in-storage under 10 CFR 35.92', () => {
  it('keeps a container of a nuclide of more than 120 days from DECAY, naming it', async () => {
    const s = usSetup();
    const uuid = await held(s, ['Tc-99m', 'Co-57']);
    const refused = await rejection(s.containers.update(tenant, ada, uuid, { State: 'DECAY' }, undefined, 'r'));
    expect(refused.notification).toMatchObject({
      key: 'container.not_eligible',
      details: [{ key: 'detail.half_life_too_long', params: { content: 'p1', nuclide: 'Co-57' } }],
    });
  });

  it('releases after the held time, a survey at background and the labels off: record, line, 3 years', async () => {
    const s = usSetup();
    const uuid = await held(s);
    const closed = await s.containers.update(tenant, ada, uuid, { State: 'DECAY' }, undefined, 'r');
    // Ten half-lives of I-131 after T0.
    expect(closed.model.ReleaseDateTime).toBe('2027-02-08 14:02:53');
    s.at('2027-02-01T08:00:00Z');
    const early = await rejection(
      s.containers.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r'),
    );
    expect(early.notification).toMatchObject({
      key: 'container.held_for_decay',
      params: { date: '2027-02-08 14:02:53' },
    });
    s.at('2027-02-09T10:00:00Z');
    await s.containers.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
    const instrument = await meter(s);
    const above = await rejection(s.survey.add(tenant, ada, uuid, survey(instrument, 120), 'r'));
    expect(above.notification.key).toBe('container.above_background');
    expect(s.surveys.all()).toEqual([]);
    const none = await rejection(s.releases.release(tenant, grace, uuid, release, 'r'));
    expect(none.notification.key).toBe('container.labels_on');
    await s.containers.update(tenant, ada, uuid, { LabelsRemoved: true }, undefined, 'r');
    expect((await rejection(s.releases.release(tenant, grace, uuid, release, 'r'))).notification.key).toBe(
      'container.survey_required',
    );
    const { model: taken } = await s.survey.add(tenant, ada, uuid, survey(instrument, 52), 'r');
    expect(taken).toMatchObject({ AtBackground: true, NetReading: 2, SurveyedByName: 'Ada Lovelace' });
    const notice = await rejection(s.releases.release(tenant, grace, uuid, { ...release, noticeUuid: 'n-1' }, 'r'));
    expect(notice.notification).toMatchObject({
      key: 'regime.not_applicable',
      params: { member: 'ClearanceNoticeUuid', regime: 'US_NRC_10CFR35' },
    });
    const german = await rejection(s.releases.release(tenant, grace, uuid, { ...release, type: 'UNRESTRICTED' }, 'r'));
    expect(german.notification.params).toMatchObject({ member: 'ReleaseType UNRESTRICTED' });

    const { model } = await s.releases.release(tenant, grace, uuid, release, 'r');
    expect(model).toMatchObject({ ReleaseType: 'DECAY_IN_STORAGE', ClearanceNoticeUuid: null, Assessment: null });
    const document = s.store.documents.get(model.RecordDocumentUuid)!;
    expect(document).toMatchObject({ KeptUntil: '2030-02-09 10:00:00', Filename: expect.stringMatching(/^Disposal/) });
    expect(s.files.objects.get(document.File!.Key)!.retention).toMatchObject({
      until: new Date('2030-02-09T10:00:00Z'),
    });
    const record = s.rendered.at(-1)!;
    expect(record.title).toBe('Record of Decay-in-Storage Disposal');
    expect(JSON.stringify(record)).toContain('02/09/2027, 4:00 AM CST');
    const [line] = await s.register.register(tenant, 2027);
    expect(line).toMatchObject({
      ReleaseType: 'DECAY_IN_STORAGE',
      Survey: { SurveyUuid: taken.Uuid, Background: 50, Surface: 52, SurveyedByName: 'Ada Lovelace' },
      SealedAt: '2026-11-20 08:00:00',
    });
    expect(s.store.citations).toEqual([]);
    expect((await s.register.summary(tenant, 2027)).ReleaseTypes).toEqual([
      { ReleaseType: 'DECAY_IN_STORAGE', Releases: 1, TotalWeight: 0 },
    ]);
  });

  it("releases by an update that sets the release, reading the facility's settings once", async () => {
    const s = usSetup();
    const uuid = await held(s);
    await s.containers.update(tenant, ada, uuid, { State: 'DECAY' }, undefined, 'r');
    s.at('2027-02-09T10:00:00Z');
    await s.containers.update(tenant, ada, uuid, { State: 'RELEASE_DATE_REACHED' }, undefined, 'r');
    await s.containers.update(tenant, ada, uuid, { LabelsRemoved: true }, undefined, 'r');
    await s.survey.add(tenant, ada, uuid, survey(await meter(s), 52), 'r');
    const before = s.settingsReads();
    const released = { IsReleasedByRadiationProtectionOfficer: true };
    const { model } = await s.containers.update(tenant, grace, uuid, released, undefined, 'r');
    expect(model).toMatchObject({ IsReleasedByRadiationProtectionOfficer: true });
    expect(s.settingsReads() - before).toBe(1);
    const [line] = await s.register.register(tenant, 2027);
    expect(line).toMatchObject({ ContainerUuid: uuid, ReleaseType: 'DECAY_IN_STORAGE' });
  });
});
