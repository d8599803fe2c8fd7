/**
 * A release the physics supports and an RPO can sign, over HTTP: the walkthrough of docs/decay-in-storage.md end to
 * end (contents, DECAY, re-measurement, sweep, release, the record PDF downloaded and its hash checked, the register
 * as JSON and CSV), then each way the workflow could be walked past, tried as an RPO and as an attacker would.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { REGISTER_FIELDS } from '../../shared/domain/release-record';
import { keys } from '../../shared/data/table';
import { formatTimestamp, TIMESTAMP_PATTERN } from '../../shared/domain/time';
import { containerService } from '../../shared/services/containers';
import { call, containerPath, documentClient, errorOf, newTenant, runtime, token } from '../support/api';
import { readPdf } from '../support/pdf';

const t = newTenant({ sub: 'person-owner', name: 'Olivia Owner' });
const asRole = (role: string, sub: string, name: string) =>
  token({ clients: [t.client], facilities: [t.facility], roles: [role], sub, name });
const rpo = asRole('rpo', 'person-rpo', 'Rita Officer');
const reporter = asRole('reporter', 'person-reporter', 'Rhea Reporter');
const year = new Date().getUTCFullYear();

/** A time `minutes` ago, as the API writes it. */
const ago = (minutes: number) => formatTimestamp(new Date(Date.now() - minutes * 60_000));
const put = (uuid: string, body: unknown, bearer = t.token) =>
  call('PUT', containerPath(t, uuid), { token: bearer, body });
const load = async (uuid: string) =>
  (await call('GET', containerPath(t, uuid), { token: t.token })).body.ContainerModel as Record<string, any>;
const assess = async (uuid: string) =>
  (await call('GET', `${containerPath(t, uuid)}/release-assessment`, { token: t.token })).body
    .ReleaseAssessmentModel as Record<string, any>;
const release = (uuid: string, body?: unknown, bearer = rpo, headers: Record<string, string> = {}) =>
  call('POST', `${containerPath(t, uuid)}/release`, { token: bearer, headers, ...(body ? { body } : {}) });
const registerPath = (suffix = '', query = `?year=${year}`) =>
  `/waste-management/api/v1/${t.client}/${t.facility}/release-register${suffix}${query}`;

async function create(body: Record<string, unknown>) {
  const response = await call('POST', containerPath(t), { token: t.token, body });
  expect(response.status, response.text).toBe(200);
  return response.body.ContainerModel.Uuid as string;
}
async function addContent(uuid: string, body: Record<string, unknown>) {
  const response = await call('POST', `${containerPath(t, uuid)}/contents`, { token: t.token, body });
  expect(response.status, response.text).toBe(200);
}
/** A container of `grams` measured `minutesAgo` at `activity` Bq, holding one content of `nuclide` with it. */
async function measured(name: string, nuclide: string, activity: number, minutesAgo: number, grams = 10_000) {
  const at = ago(minutesAgo);
  const uuid = await create({
    Name: name,
    Weight: grams,
    MeasurementActivity: activity,
    MeasurementDate: at,
    MeasuredBy: 'person-owner',
  });
  await addContent(uuid, {
    Kind: 'CYCLOTRON_PRODUCT',
    ContentId: `${name.replace(/\W+/g, '-')}-1`,
    Nuclide: nuclide,
    Activity: activity,
    ActivityDateTime: at,
  });
  return uuid;
}
/** The release sweep as the schedule runs it, here at once (the runtime's own runs every few seconds too). */
const sweep = () =>
  containerService(dynamoContainerStore(documentClient(), runtime().tableName)).releaseDue(`sweep-${Date.now()}`);

describe('the walkthrough: from contents to the archived record', () => {
  it('contents, DECAY, re-measure, sweep, release, record downloaded and hashed, register JSON and CSV', async () => {
    // 10 kg measured three hours ago at 400 kBq of F-18: 40 Bq/g then, about 12.8 Bq/g now (10 Bq/g clears).
    const uuid = await measured('Hot lab bin 3', 'F-18', 400_000, 180);
    const first = await assess(uuid);
    expect(first).toMatchObject({ ClearanceReached: false, MissingInputs: [], SharesAssumed: false });
    expect(first.SumOfRatios).toBeGreaterThan(1.2);
    expect((await load(uuid)).CurrentSpecificActivity).toBeCloseTo(first.Nuclides[0].SpecificActivityBqPerG, 3);

    const decay = await put(uuid, { State: 'DECAY' });
    expect(decay.body.ContainerModel.ReleaseDateTime).toBe(first.PredictedReleaseDateTime);
    expect(decay.body.Notifications.map((n: any) => n.Message)).toEqual([
      'container.updated',
      'release.date_predicted',
    ]);
    // Not cleared now: neither by hand nor by the RPO without a Justification.
    const early = await put(uuid, { State: 'RELEASE_DATE_REACHED' });
    expect([early.status, errorOf(early).Message]).toEqual([409, 'container.clearance_not_reached']);
    expect(errorOf(early).Details[0]).toMatch(/^Sum of ratios \(Spalte 3\): 1\.2\d+; cleared at 1 or below$/);

    // Re-measured a minute ago: 90 kBq, 9 Bq/g. The date follows the data: cleared since the measurement.
    const remeasured = ago(1);
    const again = await put(uuid, { MeasurementActivity: 90_000, MeasurementDate: remeasured });
    expect(again.status, again.text).toBe(200);
    expect(again.body.ContainerModel.ReleaseDateTime).toBe(remeasured);
    expect(again.body.Notifications[1]).toMatchObject({ Type: 'Info', Message: 'release.date_repredicted' });

    await sweep();
    expect((await load(uuid)).State).toBe('RELEASE_DATE_REACHED');

    const released = await release(uuid);
    expect(released.status, released.text).toBe(200);
    const record = released.body.ReleaseRecordModel;
    expect(record).toMatchObject({
      ContainerUuid: uuid,
      ReleasedBy: 'person-rpo',
      ReleasedByName: 'Rita Officer',
      Justification: null,
      Assessment: { ContainerUuid: uuid, ClearanceReached: true },
    });
    expect(released.body.Notifications[0]).toMatchObject({ Type: 'Success', Message: 'release.recorded' });
    expect(released.headers.get('etag')).toBe(
      (await call('GET', containerPath(t, uuid), { token: t.token })).headers.get('etag'),
    );

    // The record is a document of the facility, listed under the container, its file exactly the hashed bytes.
    const listed = await call('GET', `/document/api/v1/${t.client}/${t.facility}/documents/record/${uuid}`, {
      token: t.token,
    });
    const document = listed.body.DocumentModelCollection[0];
    expect(document).toMatchObject({
      Uuid: record.RecordDocumentUuid,
      Scope: 'RECORD',
      ScopeReference: uuid,
      FileInfo: { Mimetype: 'application/pdf' },
    });
    const bytes = new Uint8Array(await (await fetch(document.Url)).arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(record.Sha256);
    // The first page, as a viewer shows it (PDF.js): the record's lines in order.
    const [text] = (await readPdf(bytes)).pages;
    for (const expected of [
      'Freigabeprotokoll',
      t.facility,
      'Hot lab bin 3',
      'F-18',
      'Summe der Verhältniszahlen (Spalte 3)',
      'Verfahren der Freimessung',
      'uneingeschränkte Freigabe',
      'StrlSchV § 35',
      '§ 42 Abs. 1',
      'Rita Officer (person-rpo)',
      'Olivia Owner (person-owner)',
      `${record.ReleasedAt} UTC`,
    ])
      expect(text).toContain(expected);

    const register = await call('GET', registerPath(), { token: reporter });
    expect(register.status, register.text).toBe(200);
    expect(register.body.ReleaseRegisterModelCollection).toContainEqual({
      ContainerUuid: uuid,
      Name: 'Hot lab bin 3',
      ReleasedAt: record.ReleasedAt,
      ReleasedBy: 'person-rpo',
      ReleasedByName: 'Rita Officer',
      Weight: 10_000,
      SumOfRatios: record.Assessment.SumOfRatios,
      Nuclides: [{ Nuclide: 'F-18', SpecificActivityBqPerG: record.Assessment.Nuclides[0].SpecificActivityBqPerG }],
      MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS',
      ReleaseType: 'UNRESTRICTED',
      Justification: null,
      RecordDocumentUuid: record.RecordDocumentUuid,
    });
    const csv = await call('GET', registerPath(), { token: rpo, headers: { accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = csv.text.trim().split('\r\n');
    expect(header).toBe(REGISTER_FIELDS.join(','));
    expect(lines.find((l) => l.startsWith(uuid))).toContain(`,${record.RecordDocumentUuid}`);
    const summary = await call('GET', registerPath('/summary'), { token: rpo });
    expect(summary.body.ReleaseRegisterSummaryModel.ReleaseTypes[0]).toMatchObject({ ReleaseType: 'UNRESTRICTED' });
    expect(summary.body.ReleaseRegisterSummaryModel.TotalWeight).toBeGreaterThanOrEqual(10_000);

    // The history shows the release; the record document cannot be changed.
    const history = (await call('GET', `${containerPath(t, uuid)}/history`, { token: t.token })).body
      .ContainerHistoryEntryModelCollection;
    expect(history.find((l: any) => l.Field === 'ReleaseRecord')).toMatchObject({
      By: 'person-rpo',
      NewValue: { RecordDocumentUuid: record.RecordDocumentUuid, Sha256: record.Sha256 },
    });
    const changed = await call('PUT', `/document/api/v1/${t.client}/${t.facility}/documents/${document.Uuid}`, {
      token: t.token,
      body: { State: 'ARCHIVED' },
    });
    expect([changed.status, errorOf(changed).Message]).toEqual([409, 'document.kept_record']);
  });
});

describe('the gate cannot be walked past (each finding of the release issue)', () => {
  it('re-measured at 100x in DECAY: the date follows; the sweep leaves a container it does not clear', async () => {
    const uuid = await measured('Remeasured', 'F-18', 1_000_000, 60);
    const decay = await put(uuid, { State: 'DECAY' });
    const predicted = decay.body.ContainerModel.ReleaseDateTime as string;
    const remeasure = await put(uuid, { MeasurementActivity: 100_000_000 });
    expect(remeasure.body.ContainerModel.ReleaseDateTime > predicted).toBe(true);
    // Data that bypassed the API (an import, an older version): a due date that the data do not support.
    await documentClient().send(
      new UpdateCommand({
        TableName: runtime().tableName,
        Key: { PK: keys.tenant(t), SK: keys.container(uuid) },
        UpdateExpression: 'SET ReleaseDateTime = :past, G3SK = :sort',
        ExpressionAttributeValues: { ':past': ago(5), ':sort': `${ago(5)}#${t.client}#${t.facility}#${uuid}` },
      }),
    );
    const result = await sweep();
    expect(result.notCleared).toContainEqual({ uuid, reason: expect.stringMatching(/^sum of ratios \d/) });
    const model = await load(uuid);
    expect(model.State).toBe('DECAY');
    expect(model.ReleaseDateTime > formatTimestamp(new Date())).toBe(true);
  });

  it('a client-set ReleaseDateTime before the prediction is 409', async () => {
    const uuid = await measured('Early date', 'F-18', 1_000_000, 1);
    const response = await put(uuid, { State: 'DECAY', ReleaseDateTime: '2020-01-01 00:00:00' });
    expect([response.status, errorOf(response).Message]).toEqual([409, 'container.release_date_too_early']);
    expect((await load(uuid)).State).toBe('OPEN');
  });

  it('a content dated 78 days after the measurement gives a sum, never NaN, and no release', async () => {
    const uuid = await create({
      Name: 'Late content',
      Weight: 10_000,
      MeasurementActivity: 1e6,
      MeasurementDate: ago(78 * 1440 + 60),
    });
    await addContent(uuid, {
      Kind: 'CYCLOTRON_PRODUCT',
      ContentId: 'late',
      Nuclide: 'F-18',
      Activity: 1e6,
      ActivityDateTime: ago(60),
    });
    const assessment = await assess(uuid);
    expect(assessment).toMatchObject({ MissingInputs: [], ClearanceReached: true });
    expect(assessment.SumOfRatios).toBeLessThan(1e-6);
    expect(assessment.Nuclides[0].Share).toBe(1);
  });

  it('a prediction past 9999 is no date: "not within the representable range"; nothing is released', async () => {
    const uuid = await create({
      Name: 'Caesium',
      Weight: 1e-100,
      MeasurementActivity: 1_000_000,
      MeasurementDate: ago(1),
    });
    await addContent(uuid, { Kind: 'GENERATOR_ELUAT', ContentId: 'cs', Nuclide: 'Cs-137' });
    expect(await assess(uuid)).toMatchObject({
      PredictedReleaseDateTime: null,
      PredictionRemark: 'not within the representable range 0001-01-01 00:00:00..9999-12-31 23:59:59',
      ClearanceReached: false,
    });
    const decay = await put(uuid, { State: 'DECAY' });
    expect(decay.body.ContainerModel.ReleaseDateTime).toBeNull();
    const reached = await put(uuid, { State: 'RELEASE_DATE_REACHED' });
    expect(errorOf(reached).Details).toContain(
      'Release date: not within the representable range 0001-01-01 00:00:00..9999-12-31 23:59:59',
    );
  });

  it('400 for MeasurementFactor 0, Weight 0, a MeasurementDate or a content ActivityDateTime a day ahead', async () => {
    const tomorrow = formatTimestamp(new Date(Date.now() + 86_400_000));
    const body = { Name: 'Implausible', MeasurementFactor: 0, Weight: 0, MeasurementDate: tomorrow };
    const response = await call('POST', containerPath(t), { token: t.token, body });
    expect(response.status).toBe(400);
    expect(errorOf(response).Details).toEqual([
      'Weight: must be greater than 0',
      'MeasurementFactor: must be greater than 0',
    ]);
    const dated = await call('POST', containerPath(t), {
      token: t.token,
      body: { Name: 'x', MeasurementDate: tomorrow },
    });
    expect(errorOf(dated).Details).toEqual([
      "MeasurementDate: lies more than 5 minutes after the server's time (timestamps are UTC)",
    ]);
    const uuid = await create({ Name: 'Contents' });
    const content = await call('POST', `${containerPath(t, uuid)}/contents`, {
      token: t.token,
      body: { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'c', Nuclide: 'F-18', Activity: 1, ActivityDateTime: tomorrow },
    });
    expect([content.status, errorOf(content).Details]).toEqual([
      400,
      ["ActivityDateTime: lies more than 5 minutes after the server's time (timestamps are UTC)"],
    ]);
  });

  it('unknown is not cleared: no date reached, DISPOSED needs a release, a justified one is warned', async () => {
    const uuid = await create({ Name: 'Unmeasured' });
    await addContent(uuid, { Kind: 'GENERATOR_ELUAT', ContentId: 'cs', Nuclide: 'Cs-137' });
    await put(uuid, { State: 'DECAY' });
    const reached = await put(uuid, { State: 'RELEASE_DATE_REACHED' });
    expect(errorOf(reached).Details).toEqual([
      'Weight: missing or unusable, so the assessment cannot be made',
      'MeasurementActivity: missing or unusable, so the assessment cannot be made',
      'MeasurementDate: missing or unusable, so the assessment cannot be made',
    ]);
    const disposed = await put(uuid, { State: 'DISPOSED' });
    expect([disposed.status, errorOf(disposed).Message]).toEqual([409, 'container.state_change_forbidden']);
    const released = await release(uuid, { Justification: 'Measured by the authority, see letter 2026-117.' });
    expect(released.status, released.text).toBe(200);
    expect(released.body.Notifications[1]).toMatchObject({ Type: 'Warning', Message: 'release.clearance_not_reached' });
    expect(released.body.Notifications[1].LocalizedMessage).toContain(
      'cannot be assessed: Weight, MeasurementActivity',
    );
    expect((await put(uuid, { State: 'DISPOSED' })).status).toBe(200);
  });

  it('the release is an act of the caller: never someone else, never from OPEN, only once, frozen after', async () => {
    const uuid = await measured('Signed', 'F-18', 1_000, 1);
    const open = await release(uuid, { Justification: 'Trying to release an OPEN container.' });
    expect([open.status, errorOf(open).Message]).toEqual([409, 'container.release_state']);
    await put(uuid, { State: 'DECAY' });
    await put(uuid, { State: 'RELEASE_DATE_REACHED' });
    const someoneElse = await put(
      uuid,
      { IsReleasedByRadiationProtectionOfficer: true, ReleasedByRadiationProtectionOfficer: 'person-boss' },
      rpo,
    );
    expect([someoneElse.status, errorOf(someoneElse).Details]).toEqual([
      400,
      ['ReleasedByRadiationProtectionOfficer: must be the caller, who releases the container'],
    ]);
    const notRpo = await release(uuid, undefined, t.token);
    expect([notRpo.status, errorOf(notRpo).Message, errorOf(notRpo).LocalizedMessage]).toEqual([
      403,
      'auth.role_required',
      'This operation needs the role rpo.',
    ]);
    const short = await release(uuid, { Justification: 'too short' });
    expect(short.status).toBe(400);
    expect((await release(uuid)).status).toBe(200);
    const twice = await release(uuid);
    expect([twice.status, errorOf(twice).Message]).toEqual([409, 'container.already_released']);
    for (const change of [{ Weight: 20_000 }, { MeasurementActivity: 9e9 }, { State: 'DECAY' }]) {
      const frozen = await put(uuid, change);
      expect([frozen.status, errorOf(frozen).Message]).toEqual([409, 'container.release_frozen']);
    }
    const content = await call('POST', `${containerPath(t, uuid)}/contents`, {
      token: t.token,
      body: {
        Kind: 'GENERATOR_ELUAT',
        ContentId: 'cs-late',
        Nuclide: 'Cs-137',
        Activity: 9e9,
        ActivityDateTime: ago(0),
      },
    });
    expect([content.status, errorOf(content).Message]).toEqual([409, 'container.release_frozen']);
    // Handing it to a licensed disposer needs no clearance: no warning.
    const dispatched = await put(uuid, { State: 'DISPATCHED' });
    expect(dispatched.status, dispatched.text).toBe(200);
    expect(dispatched.body.Notifications.map((n: any) => n.Type)).toEqual(['Success']);
  });

  it('RELEASE_DATE_REACHED -> DECAY is allowed', async () => {
    const uuid = await measured('Back to decay', 'F-18', 1_000, 1);
    await put(uuid, { State: 'DECAY' });
    expect((await put(uuid, { State: 'RELEASE_DATE_REACHED' })).status).toBe(200);
    const back = await put(uuid, { State: 'DECAY' });
    expect([back.status, back.body.ContainerModel?.State]).toEqual([200, 'DECAY']);
  });

  it("CurrentSpecificActivity is the assessment's sum, one figure", async () => {
    const at = ago(120);
    const uuid = await create({ Name: 'Mixed', Weight: 10_000, MeasurementActivity: 1_000_000, MeasurementDate: at });
    await addContent(uuid, {
      Kind: 'CYCLOTRON_PRODUCT',
      ContentId: 'f',
      Nuclide: 'F-18',
      Activity: 900_000,
      ActivityDateTime: at,
    });
    await addContent(uuid, {
      Kind: 'GENERATOR_ELUAT',
      ContentId: 'i',
      Nuclide: 'I-131',
      Activity: 100_000,
      ActivityDateTime: at,
    });
    const [model, assessment] = [await load(uuid), await assess(uuid)];
    const sum = assessment.Nuclides.reduce((s: number, n: any) => s + n.SpecificActivityBqPerG, 0);
    expect(model.CurrentSpecificActivity).toBeCloseTo(sum, 2);
  });

  it('a measured surface enters ClearanceReached (Spalte 5); generator and carrier-added nuclides listed', async () => {
    const at = ago(1);
    const uuid = await create({
      Name: 'Surface',
      Weight: 10_000,
      MeasurementActivity: 1_000,
      MeasurementDate: at,
      MeasurementContamination: 5,
      MeasurementContaminationDateTime: at,
    });
    await addContent(uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 's', Nuclide: 'F-18' });
    expect(await assess(uuid)).toMatchObject({
      SumOfRatios: expect.closeTo(0.01, 3),
      SurfaceCheck: { MeasurementContamination: 5, ClearanceReached: false },
      ClearanceReached: false,
    });
    const nuclides = (await call('GET', '/waste-management/api/v1/nuclides')).body.NuclideModelCollection;
    expect(nuclides.map((n: any) => n.Nuclide)).toEqual(expect.arrayContaining(['Lu-177m', 'Sr-82', 'Sr-85']));
    expect(nuclides.find((n: any) => n.Nuclide === 'Rb-82').Note).toContain('daughter of Sr-82+');
  });

  it('every timestamp is UTC: in the contract and in the API guide', async () => {
    const document = (await call('GET', '/openapi.json')).body;
    const timestamps: string[] = [];
    JSON.stringify(document, (_key, value) => {
      if (
        value &&
        typeof value === 'object' &&
        typeof value.pattern === 'string' &&
        value.pattern === TIMESTAMP_PATTERN.source
      )
        timestamps.push(value.description ?? '');
      return value;
    });
    expect(timestamps.length).toBeGreaterThan(20);
    expect(timestamps.filter((d) => !d.includes('UTC'))).toEqual([]);
    expect(readFileSync(path.join(import.meta.dirname, '../../docs/api.md'), 'utf8')).toMatch(/timestamps? .*UTC/i);
  });
});

describe('the register', () => {
  it('400 for a malformed or missing year; 403 for other roles; 406 for a media type it cannot answer', async () => {
    for (const query of ['?year=20x6', '?year=0000', '?year=10000']) {
      const response = await call('GET', registerPath('', query), { token: rpo });
      expect([response.status, errorOf(response).Details]).toEqual([400, ['year: must be a year, 0001 to 9999']]);
    }
    const missing = await call('GET', registerPath('', ''), { token: rpo });
    expect([missing.status, errorOf(missing).Details]).toEqual([400, ['year: is required']]);
    const plain = await call('GET', registerPath(), { token: t.token });
    expect([plain.status, errorOf(plain).Message, errorOf(plain).LocalizedMessage]).toEqual([
      403,
      'auth.role_required',
      'This operation needs the role rpo or reporter.',
    ]);
    const summary = await call('GET', registerPath('/summary'), { token: t.token });
    expect(summary.status).toBe(403);
    const operator = await call('GET', registerPath(), {
      token: asRole('operator', 'person-operator', 'Otto Operator'),
    });
    expect([operator.status, errorOf(operator).Message]).toEqual([403, 'auth.role_required']);
    const xml = await call('GET', registerPath(), { token: rpo, headers: { accept: 'application/xml' } });
    expect([xml.status, errorOf(xml).Message]).toEqual([406, 'request.not_acceptable']);
  });

  it("another facility's register lists none of this one's releases; its token is refused here", async () => {
    const other = newTenant({ roles: ['rpo'] });
    const response = await call(
      'GET',
      `/waste-management/api/v1/${other.client}/${other.facility}/release-register?year=${year}`,
      {
        token: other.token,
      },
    );
    expect(response.body.ReleaseRegisterModelCollection).toEqual([]);
    const here = await call('GET', registerPath(), { token: other.token });
    expect([here.status, errorOf(here).Message]).toEqual([403, 'auth.tenant_forbidden']);
    const releaseHere = await call('POST', `${containerPath(t, 'x')}/release`, { token: other.token });
    expect(releaseHere.status).toBe(403);
  });
});
