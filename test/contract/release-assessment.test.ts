/**
 * The release assessment and the gate into RELEASE_DATE_REACHED over HTTP: the date follows the data, the sweep leaves
 * what it does not clear, plausibility, sums that never turn NaN, dates beyond 9999, the surface, UTC; and what a
 * release freezes, made by its officer and no one else.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { keys } from '../../shared/data/table';
import { formatTimestamp, TIMESTAMP_PATTERN } from '../../shared/domain/time';
import { releaseSweep } from '../../shared/services/release-sweep';
import { call, containerPath, documentClient, errorOf, eventually, newTenant, runtime, token } from '../support/api';
import { releasable, releaseOf } from '../support/releases';

const t = newTenant({ sub: 'person-owner', name: 'Olivia Owner' });
const rpo = token({
  clients: [t.client],
  facilities: [t.facility],
  roles: ['rpo'],
  sub: 'person-rpo',
  name: 'Rita Officer',
});

/** A time `minutes` ago, as the API writes it. */
const ago = (minutes: number) => formatTimestamp(new Date(Date.now() - minutes * 60_000));
const put = (uuid: string, body: unknown, bearer = t.token) =>
  call('PUT', containerPath(t, uuid), { token: bearer, body });
const load = async (uuid: string) =>
  (await call('GET', containerPath(t, uuid), { token: t.token })).body.ContainerModel as Record<string, any>;
const assess = async (uuid: string) =>
  (await call('GET', `${containerPath(t, uuid)}/release-assessment`, { token: t.token })).body
    .ReleaseAssessmentModel as Record<string, any>;
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
  const uuid = await create({ Name: name, Weight: grams, MeasurementActivity: activity, MeasurementDate: at });
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
  releaseSweep(dynamoContainerStore(documentClient(), runtime().tableName)).releaseDue(`sweep-${Date.now()}`);

describe('the gate into RELEASE_DATE_REACHED and the assessment', () => {
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

  it("the runtime's own sweep logs under its own function name, not the last request's", async () => {
    const uuid = await measured('Logged sweep', 'F-18', 1_000, 1);
    await put(uuid, { State: 'DECAY' });
    // Due at once (1 kBq in 10 kg clears at its measurement): the scheduled sweep (every few seconds) moves it.
    const line = await eventually(async () => {
      const found = readFileSync(inject('logFile'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{') && l.includes('"release sweep"'))
        .map((l) => JSON.parse(l))
        .at(-1);
      return found && (await load(uuid)).State === 'RELEASE_DATE_REACHED' ? found : undefined;
    }, 20_000);
    expect(line).toMatchObject({ message: 'release sweep', function_name: 'container-releaseSweep' });
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

  it('unknown is not cleared: no date reached, and DISPOSED needs a release', async () => {
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
  });

  it('the release is an act of the caller: never someone else, never from OPEN, only once, frozen after', async () => {
    const ready = await releasable(t, { name: 'Signed' });
    const someoneElse = await put(
      ready.uuid,
      { IsReleasedByRadiationProtectionOfficer: true, ReleasedByRadiationProtectionOfficer: 'person-boss' },
      rpo,
    );
    expect([someoneElse.status, errorOf(someoneElse).Details]).toEqual([
      400,
      ['ReleasedByRadiationProtectionOfficer: must be the caller, who releases the container'],
    ]);
    const notRpo = await releaseOf(t, ready.uuid, { ClearanceNoticeUuid: ready.notice }, t.token);
    expect([notRpo.status, errorOf(notRpo).Message, errorOf(notRpo).LocalizedMessage]).toEqual([
      403,
      'auth.role_required',
      'This operation needs the role rpo.',
    ]);
    const short = await releaseOf(
      t,
      ready.uuid,
      { ClearanceNoticeUuid: ready.notice, Justification: 'too short' },
      rpo,
    );
    expect(short.status).toBe(400);
    const noNotice = await releaseOf(t, ready.uuid, {}, rpo);
    expect([noNotice.status, errorOf(noNotice).Details]).toEqual([400, ['ClearanceNoticeUuid: is required']]);
    expect((await releaseOf(t, ready.uuid, { ClearanceNoticeUuid: ready.notice }, rpo)).status).toBe(200);
    const twice = await releaseOf(t, ready.uuid, { ClearanceNoticeUuid: ready.notice }, rpo);
    expect([twice.status, errorOf(twice).Message]).toEqual([409, 'container.already_released']);
    for (const change of [{ Weight: 20_000 }, { MeasurementActivity: 9e9 }, { State: 'DECAY' }, { WasteForm: 'OIL' }]) {
      const frozen = await put(ready.uuid, change);
      expect([frozen.status, errorOf(frozen).Message]).toEqual([409, 'container.release_frozen']);
    }
    const measured = await call('POST', `${containerPath(t, ready.uuid)}/measurement`, {
      token: t.token,
      body: {
        InstrumentUuid: ready.instrument,
        MeasuredAt: ago(0),
        Geometry: 'BAG',
        GrossCounts: 1,
        GrossTimeSeconds: 1,
        BackgroundCounts: 1,
        BackgroundTimeSeconds: 1,
      },
    });
    expect([measured.status, errorOf(measured).Message]).toEqual([409, 'container.release_frozen']);
    // Handing it to a licensed disposer needs no clearance.
    const dispatched = await put(ready.uuid, { State: 'DISPATCHED' });
    expect(dispatched.status, dispatched.text).toBe(200);
  });
});

describe('the decay chart (Accept: image/svg+xml)', () => {
  it(
    "answers the chart of a container not yet released, drawn on the server, in the request's language; 406 for " +
      'a media type it cannot answer',
    async () => {
      const ready = await releasable(t, { name: 'Charted' });
      const chartOf = (language: string) =>
        fetch(`${runtime().apiUrl}${containerPath(t, ready.uuid)}/release-assessment`, {
          headers: { authorization: `Bearer ${t.token}`, accept: 'image/svg+xml', 'accept-language': language },
        });
      const german = await chartOf('de');
      expect([german.status, german.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
      const svg = await german.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain('<title>Summe der Verhältniszahlen über der Zeit</title>');
      expect(svg).toMatch(/<polyline data-part="prediction"[^>]* points="(\d+(\.\d+)?,\d+(\.\d+)? ){100,}/);
      expect(svg.match(/data-part="measurement" /g)).toHaveLength(1);
      expect(svg).toContain('data-part="clearance"');
      expect(await (await chartOf('en')).text()).toContain('<title>Sum of ratios over time</title>');
      // The same through the contract check: the documented media type.
      const checked = await call('GET', `${containerPath(t, ready.uuid)}/release-assessment`, {
        token: t.token,
        headers: { accept: 'image/svg+xml' },
      });
      expect(checked.status, checked.text).toBe(200);
      const xml = await call('GET', `${containerPath(t, ready.uuid)}/release-assessment`, {
        token: t.token,
        headers: { accept: 'application/xml' },
      });
      expect([xml.status, errorOf(xml).Message]).toEqual([406, 'request.not_acceptable']);
    },
  );
});
