/**
 * A US facility over HTTP (10 CFR 35.92, issue 37): its settings, a survey meter, a container of Tc-99m and I-131
 * waste, one of Co-57 refused, a survey above background refused, the release after the labels come off, its record
 * read back with every 35.2092 item and locked 3 years, the register and its CSV; the members of the other regime
 * refused naming it, and the German facility beside it unchanged.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../shared/data/table';
import { formatTimestamp } from '../../shared/domain/time';
import { call, containerPath, documentClient, newTenant, runtime } from '../support/api';
import { readPdf } from '../support/pdf';
import {
  rpoOf,
  settingsPath,
  SURVEY_METER_BODY,
  surveyBody,
  surveyPath,
  usableInstrument,
  usFacility,
} from '../support/registers';

const daysAgo = (days: number) => formatTimestamp(new Date(Date.now() - days * 86_400_000));
const year = new Date().getUTCFullYear();

/** A container with these contents, each given as [nuclide, Bq, days ago]. */
async function containerOf(t: ReturnType<typeof newTenant>, contents: [string, number, number][]) {
  const created = await call('POST', containerPath(t), { token: t.token, body: { Name: 'Box 12 (hot lab)' } });
  expect(created.status, created.text).toBe(200);
  const uuid = created.body.ContainerModel.Uuid as string;
  for (const [i, [Nuclide, Activity, days]] of contents.entries()) {
    const added = await call('POST', `${containerPath(t, uuid)}/contents`, {
      token: t.token,
      body: { Kind: 'CYCLOTRON_PRODUCT', ContentId: `waste-${i}`, Nuclide, Activity, ActivityDateTime: daysAgo(days) },
    });
    expect(added.status, added.text).toBe(200);
  }
  return uuid;
}
const put = (t: ReturnType<typeof newTenant>, uuid: string, body: object) =>
  call('PUT', containerPath(t, uuid), { token: t.token, body });

describe('a US facility: decay-in-storage under 10 CFR 35.92', () => {
  const t = newTenant({ sub: 'person-tech', name: 'Theo Technician' });
  const rpo = rpoOf(t);

  it('survey meter, Tc-99m and I-131 held for decay, surveyed at background, released with its record', async () => {
    const settings = await usFacility(t, 'America/Chicago');
    expect(settings).toMatchObject({ Regime: 'US_NRC_10CFR35', TimeZone: 'America/Chicago', RecordLanguage: 'en' });

    // A nuclide of more than 120 days stays OPEN, named.
    const cobalt = await containerOf(t, [
      ['Tc-99m', 4e8, 1],
      ['Co-57', 1e6, 1],
    ]);
    const refused = await put(t, cobalt, { State: 'DECAY' });
    expect([refused.status, refused.body.Notifications[0].Message]).toEqual([409, 'container.not_eligible']);
    expect(refused.body.Notifications[0].Details).toEqual([
      'Content waste-1: Co-57 has a half-life of 271.7 days, more than 120',
    ]);

    // Tc-99m and I-131 from 90 days ago: ten half-lives of I-131 (80 days) have passed, the gate opens.
    const box = await containerOf(t, [
      ['Tc-99m', 4e8, 90],
      ['I-131', 3.7e7, 90],
    ]);
    const closed = await put(t, box, { State: 'DECAY' });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.ContainerModel.ReleaseDateTime < formatTimestamp(new Date())).toBe(true);
    // Its label in the regime's words (10 CFR 20.1904), its dates where the facility is.
    const label = await fetch(`${runtime().apiUrl}${containerPath(t, box)}/label`, {
      headers: { Authorization: `Bearer ${t.token}`, Accept: 'application/pdf' },
    });
    expect([label.status, label.headers.get('content-language')]).toEqual([200, 'en']);
    const words = (await readPdf(new Uint8Array(await label.arrayBuffer()))).pages.join(' ').replace(/\s+/g, ' ');
    expect(words).toContain('CAUTION, RADIOACTIVE MATERIAL');
    expect(words).not.toContain('Radioaktiv');
    const reached = await put(t, box, { State: 'RELEASE_DATE_REACHED' });
    expect(reached.status, reached.text).toBe(200);

    const meter = await usableInstrument(t, SURVEY_METER_BODY);
    const above = await call('POST', surveyPath(t, box), { token: t.token, body: surveyBody(meter, 120) });
    expect([above.status, above.body.Notifications[0].Message]).toEqual([409, 'container.above_background']);
    expect(above.body.Notifications[0].LocalizedMessage).toContain('120 cpm');
    expect(above.body.Notifications[0].LocalizedMessage).toContain('50 cpm');

    // Labels first (35.92(a)(3)): the release refuses while they are on.
    const labelled = await call('POST', `${containerPath(t, box)}/release`, { token: rpo, body: {} });
    expect([labelled.status, labelled.body.Notifications[0].Message]).toEqual([409, 'container.labels_on']);
    expect((await put(t, box, { LabelsRemoved: true })).status).toBe(200);
    // Off is off: no label is printed for it any more.
    const relabel = await call('GET', `${containerPath(t, box)}/label`, { token: t.token });
    expect([relabel.status, relabel.body.Notifications[0].Message]).toEqual([409, 'container.label_removed']);
    const survey = await call('POST', surveyPath(t, box), { token: t.token, body: surveyBody(meter) });
    expect(survey.status, survey.text).toBe(200);

    const notice = await call('POST', `${containerPath(t, box)}/release`, {
      token: rpo,
      body: { ClearanceNoticeUuid: survey.body.SurveyModel.Uuid },
    });
    expect(notice.status).toBe(409);
    expect(notice.body.Notifications[0]).toMatchObject({ Message: 'regime.not_applicable' });
    expect(notice.body.Notifications[0].LocalizedMessage).toContain('US_NRC_10CFR35');

    const released = await call('POST', `${containerPath(t, box)}/release`, {
      token: rpo,
      body: { Justification: 'Box 12 of the hot lab, held since the summer.' },
    });
    expect(released.status, released.text).toBe(200);
    const record = released.body.ReleaseRecordModel;
    expect(record).toMatchObject({ ReleaseType: 'DECAY_IN_STORAGE', ClearanceNoticeUuid: null, Assessment: null });

    // The record: locked 3 years, English, with every item of 35.2092.
    const stored = await documentClient().send(
      new GetCommand({
        TableName: runtime().tableName,
        Key: { PK: keys.tenant(t), SK: keys.document(record.RecordDocumentUuid) },
      }),
    );
    const kept = new Date(`${stored.Item!.KeptUntil.replace(' ', 'T')}Z`).getTime();
    const releasedAt = new Date(`${record.ReleasedAt.replace(' ', 'T')}Z`);
    expect(kept).toBe(new Date(releasedAt).setUTCFullYear(releasedAt.getUTCFullYear() + 3));
    const listed = await call('GET', `/document/api/v1/${t.client}/${t.facility}/documents/record/${box}`, {
      token: t.token,
    });
    const bytes = new Uint8Array(await (await fetch(listed.body.DocumentModelCollection[0].Url)).arrayBuffer());
    const text = (await readPdf(bytes)).pages.join('\n').replace(/\s+/g, ' ').normalize('NFKC');
    for (const expected of [
      'Record of Decay-in-Storage Disposal',
      'Date of disposal',
      'Survey instrument Survey meter, hot lab, model Ludlum 3 with 44-9',
      'Serial number L3-25117',
      'Background level 50 cpm',
      'Level at the surface of the container 52 cpm',
      'Surveyed by Theo Technician',
      'Tc-99m',
      'I-131',
      '37,000,000 Bq (1,000 µCi)',
      'Sealed',
      'CST',
      'Keep 3 years from the disposal (10 CFR 35.2092)',
    ])
      expect(text).toContain(expected.normalize('NFKC'));
    expect(text).toContain('Page 1 of 1');

    // The register and its CSV: the survey's members, the activities in Bq and µCi.
    const register = await call(
      'GET',
      `/waste-management/api/v1/${t.client}/${t.facility}/release-register?year=${year}`,
      {
        token: rpo,
      },
    );
    expect(register.body.ReleaseRegisterModelCollection[0]).toMatchObject({
      ReleaseType: 'DECAY_IN_STORAGE',
      Survey: { InstrumentSerialNumber: 'L3-25117', Background: 50, Surface: 52, SurveyedByName: 'Theo Technician' },
    });
    const csv = await call('GET', `/waste-management/api/v1/${t.client}/${t.facility}/release-register?year=${year}`, {
      token: rpo,
      headers: { accept: 'text/csv' },
    });
    const [header, line] = csv.text.trim().split('\r\n');
    expect(header).toBe(
      'ContainerUuid,Name,SealedAt,Activities,ReleasedAt,Survey,ReleasedBy,ReleasedByName,ReleaseType,Justification,' +
        'RecordDocumentUuid,PreviousSha256,RecordSha256,LineSha256',
    );
    expect(line).toContain('µCi');
    expect(line).toContain('serial number L3-25117');
    const verified = await call(
      'GET',
      `/waste-management/api/v1/${t.client}/${t.facility}/release-register/verify?year=${year}`,
      {
        token: rpo,
      },
    );
    expect(verified.body.ReleaseRegisterVerificationModel).toMatchObject({ Valid: true, Lines: 1, Objects: 1 });

    // A closed container holds the regime.
    const back = await call('PUT', settingsPath(t), { token: rpo, body: { Regime: 'DE_STRLSCHV_2018' } });
    expect([back.status, back.body.Notifications[0].Message]).toEqual([409, 'settings.regime_locked']);
  });

  it('a German facility refuses the survey and decay-in-storage, naming its regime', async () => {
    const de = newTenant();
    const box = await containerOf(de, [['Tc-99m', 4e8, 1]]);
    expect((await put(de, box, { State: 'DECAY' })).status).toBe(200);
    const surveyed = await call('POST', surveyPath(de, box), {
      token: de.token,
      body: surveyBody('5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a10'),
    });
    expect([surveyed.status, surveyed.body.Notifications[0].Message]).toEqual([409, 'regime.not_applicable']);
    expect(surveyed.body.Notifications[0].LocalizedMessage).toContain('DE_STRLSCHV_2018');
    const type = await call('POST', `${containerPath(de, box)}/release`, {
      token: rpoOf(de),
      body: { ReleaseType: 'DECAY_IN_STORAGE' },
    });
    expect([type.status, type.body.Notifications[0].LocalizedMessage]).toEqual([
      409,
      'ReleaseType DECAY_IN_STORAGE is not part of a release under DE_STRLSCHV_2018 (StrlSchV 2018), the regime of ' +
        'this facility.',
    ]);
    const missing = await call('POST', `${containerPath(de, box)}/release`, { token: rpoOf(de), body: {} });
    expect([missing.status, missing.body.Notifications[0].Details]).toEqual([
      400,
      ['ClearanceNoticeUuid: is required'],
    ]);
    // Only its officer changes the settings; any holder of the facility reads them.
    expect((await call('PUT', settingsPath(de), { token: de.token, body: { TimeZone: 'Europe/Vienna' } })).status).toBe(
      403,
    );
    const read = await call('GET', settingsPath(de), { token: de.token });
    expect(read.body.FacilitySettingsModel.Regime).toBe('DE_STRLSCHV_2018');
    // Changed under If-Match: a stale ETag is 412, the current one takes the change.
    const etag = read.headers.get('etag')!;
    expect(etag).toBe(`"${de.facility}.1"`);
    const stale = await call('PUT', settingsPath(de), {
      token: rpoOf(de),
      headers: { 'If-Match': `"${de.facility}.7"` },
      body: { TimeZone: 'Europe/Vienna' },
    });
    expect(stale.status).toBe(412);
    const vienna = await call('PUT', settingsPath(de), {
      token: rpoOf(de),
      headers: { 'If-Match': etag },
      body: { TimeZone: 'Europe/Vienna' },
    });
    expect([vienna.status, vienna.headers.get('etag'), vienna.body.FacilitySettingsModel.TimeZone]).toEqual([
      200,
      `"${de.facility}.2"`,
      'Europe/Vienna',
    ]);
    // The summary of the year counts where the facility now is.
    const summary = await call(
      'GET',
      `/waste-management/api/v1/${de.client}/${de.facility}/release-register/summary?year=${year}`,
      {
        token: rpoOf(de),
      },
    );
    expect(summary.body.ReleaseRegisterSummaryModel.TimeZone).toBe('Europe/Vienna');
  });
});
