/** Contents, nuclides, release assessment, predicted release date, release sweep and history over HTTP (issue 11). */
import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { releaseSweep } from '../../shared/services/release-sweep';
import { formatTimestamp } from '../../shared/domain/time';
import { call, containerPath, documentClient, errorOf, newTenant, runtime } from '../support/api';

const t = newTenant({ sub: 'person-owner', name: 'Olivia Owner' });
const other = newTenant();

async function create(body: Record<string, unknown> = { Name: 'Box' }) {
  const response = await call('POST', containerPath(t), { token: t.token, body });
  expect(response.status, response.text).toBe(200);
  return response.body.ContainerModel as Record<string, any>;
}
const contentsPath = (uuid: string, suffix = '') => `${containerPath(t, uuid)}/contents${suffix}`;
const add = (uuid: string, body: Record<string, unknown>) => call('POST', contentsPath(uuid), { token: t.token, body });

describe('nuclides', () => {
  it('is public and lists half-lives and the clearance levels of StrlSchV Anlage 4 Tabelle 1', async () => {
    const response = await call('GET', '/waste-management/api/v1/nuclides');
    expect(response.status).toBe(200);
    expect(response.body.NuclideModelCollection).toContainEqual({
      Nuclide: 'I-131',
      HalfLifeSeconds: 693377.28,
      ClearanceLevelBqPerG: 10,
      SurfaceClearanceLevelBqPerCm2: 10,
      Row: 'I-131',
      Note: null,
      ExpectedImpurities: [],
      ReleaseTypes: expect.arrayContaining([
        expect.objectContaining({ ReleaseType: 'SPECIFIC_LANDFILL', ClearanceLevelBqPerG: 50 }),
        expect.objectContaining({ ReleaseType: 'SPECIFIC_INCINERATION', ClearanceLevelBqPerG: 70 }),
      ]),
    });
    expect(response.body.CollectionConfiguration).toMatchObject({
      CollectionModelName: 'NuclideModelCollection',
      IsPaginated: false,
      TotalCount: 37,
    });
  });
});

describe('contents', () => {
  it(
    'adds, lists and removes contents of an OPEN container; each change moves the ETag; the container lists ' + 'them',
    async () => {
      const created = await create();
      const added = await add(created.Uuid, {
        Kind: 'CYCLOTRON_PRODUCT',
        ContentId: 'product-1',
        Nuclide: 'F-18',
        Activity: 900000,
        ActivityDateTime: '2026-11-20 08:00:00',
      });
      expect(added.status, added.text).toBe(200);
      expect(added.body.ContainerContentModel).toMatchObject({
        Kind: 'CYCLOTRON_PRODUCT',
        ContentId: 'product-1',
        Nuclide: 'F-18',
        Activity: 900000,
        CreatedBy: 'person-owner',
      });
      expect(added.headers.get('etag')).toBe(`"${created.Uuid}.2"`);
      expect(added.body.Notifications[0].Message).toBe('container.content_added');
      await add(created.Uuid, { Kind: 'GENERATOR_ELUAT', ContentId: 'eluat-1', Nuclide: 'Ga-68' });
      const list = await call('GET', contentsPath(created.Uuid), { token: t.token });
      expect(list.body.ContainerContentModelCollection.map((c: any) => c.ContentId)).toEqual(['product-1', 'eluat-1']);
      expect(list.body.CollectionConfiguration.TotalCount).toBe(2);
      const loaded = await call('GET', containerPath(t, created.Uuid), { token: t.token });
      expect(loaded.body.ContainerModel).toMatchObject({
        CyclotroneProductIds: ['product-1'],
        GeneratorEluatIds: ['eluat-1'],
      });
      expect(loaded.headers.get('etag')).toBe(`"${created.Uuid}.3"`);
      const removed = await call('DELETE', contentsPath(created.Uuid, `/${added.body.ContainerContentModel.Uuid}`), {
        token: t.token,
      });
      expect([removed.status, removed.headers.get('etag')]).toEqual([200, `"${created.Uuid}.4"`]);
      expect(
        (
          await call('DELETE', contentsPath(created.Uuid, `/${added.body.ContainerContentModel.Uuid}`), {
            token: t.token,
          })
        ).status,
      ).toBe(404);
    },
  );

  it('400 for an unknown nuclide (the details list the known ones) and for an Activity without its date', async () => {
    const created = await create();
    const unknown = await add(created.Uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'p', Nuclide: 'Xx-1' });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).Details[0]).toMatch(/^Nuclide: must be one of .*F-18.*I-131/);
    const undated = await add(created.Uuid, {
      Kind: 'CYCLOTRON_PRODUCT',
      ContentId: 'p',
      Nuclide: 'F-18',
      Activity: 5,
    });
    expect([undated.status, errorOf(undated).Details]).toEqual([
      400,
      ['ActivityDateTime: is required when Activity is given'],
    ]);
  });

  it('409 for the same ContentId twice, and for adding or removing once the container left OPEN', async () => {
    const created = await create();
    const first = await add(created.Uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'same', Nuclide: 'F-18' });
    expect(first.status).toBe(200);
    const twice = await add(created.Uuid, { Kind: 'GENERATOR_ELUAT', ContentId: 'same', Nuclide: 'Ga-68' });
    expect([twice.status, errorOf(twice).Message]).toEqual([409, 'container.content_duplicate']);
    expect(
      (await call('PUT', containerPath(t, created.Uuid), { token: t.token, body: { State: 'DECAY' } })).status,
    ).toBe(200);
    const locked = await add(created.Uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'late', Nuclide: 'F-18' });
    expect([locked.status, errorOf(locked).Message]).toEqual([409, 'container.contents_locked']);
    const kept = await call('DELETE', contentsPath(created.Uuid, `/${first.body.ContainerContentModel.Uuid}`), {
      token: t.token,
    });
    expect([kept.status, errorOf(kept).Message]).toEqual([409, 'container.contents_locked']);
    expect(
      (await call('GET', contentsPath(created.Uuid), { token: t.token })).body.ContainerContentModelCollection.map(
        (c: any) => c.ContentId,
      ),
    ).toEqual(['same']);
  });

  it('at most 1,000 contents; deleting an OPEN container removes any number of them', async () => {
    const created = await create();
    const store = dynamoContainerStore(documentClient(), runtime().tableName);
    // 999 links written behind the API, the 1,000th through it, the 1,001st refused.
    for (let i = 0; i < 999; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, 999 - i) }, (_, j) =>
          store.link(t, created.Uuid, {
            kind: 'GENERATOR_ELUAT',
            id: `e-${i + j}`,
            nuclide: 'Ga-68',
            uuid: randomUUID(),
          }),
        ),
      );
    }
    expect((await add(created.Uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'last', Nuclide: 'F-18' })).status).toBe(
      200,
    );
    const full = await add(created.Uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'over', Nuclide: 'F-18' });
    expect([full.status, errorOf(full).Message]).toEqual([409, 'container.contents_full']);
    const deleted = await call('DELETE', containerPath(t, created.Uuid), { token: t.token });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await store.load(t, created.Uuid, { consistent: true })).toBeUndefined();
    expect((await call('GET', contentsPath(created.Uuid), { token: t.token })).status).toBe(404);
  });
});

describe('release assessment, DECAY and release', () => {
  it(
    'F-18 + I-131 measured now: sum of ratios 10, release predicted about 13.8 h later; DECAY sets it with an ' +
      'Info',
    async () => {
      const now = formatTimestamp(new Date());
      const created = await create({
        Name: 'Mixed',
        Weight: 10000,
        MeasurementActivity: 1000000,
        MeasurementDate: now,
      });
      await add(created.Uuid, {
        Kind: 'CYCLOTRON_PRODUCT',
        ContentId: 'f18',
        Nuclide: 'F-18',
        Activity: 900000,
        ActivityDateTime: now,
      });
      await add(created.Uuid, {
        Kind: 'GENERATOR_ELUAT',
        ContentId: 'i131',
        Nuclide: 'I-131',
        Activity: 100000,
        ActivityDateTime: now,
      });
      const response = await call('GET', `${containerPath(t, created.Uuid)}/release-assessment`, { token: t.token });
      expect(response.status).toBe(200);
      const model = response.body.ReleaseAssessmentModel;
      expect(model.SumOfRatios).toBeCloseTo(10, 1);
      expect(model.ClearanceReached).toBe(false);
      const hours =
        (Date.parse(`${model.PredictedReleaseDateTime.replace(' ', 'T')}Z`) - Date.parse(`${now.replace(' ', 'T')}Z`)) /
        3.6e6;
      expect(hours).toBeGreaterThan(13.7);
      expect(hours).toBeLessThan(13.9);
      const decay = await call('PUT', containerPath(t, created.Uuid), { token: t.token, body: { State: 'DECAY' } });
      expect(decay.body.ContainerModel.ReleaseDateTime).toBe(model.PredictedReleaseDateTime);
      expect(decay.body.Notifications.map((n: any) => [n.Type, n.Message])).toEqual([
        ['Success', 'container.updated'],
        ['Info', 'release.date_predicted'],
      ]);
    },
  );

  it('without activities the assessment is conservative and says so; missing inputs are 200 with nulls', async () => {
    const created = await create({
      Name: 'Unknown',
      Weight: 100,
      MeasurementActivity: 1000,
      MeasurementDate: formatTimestamp(new Date()),
    });
    await add(created.Uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'f18', Nuclide: 'F-18' });
    const response = await call('GET', `${containerPath(t, created.Uuid)}/release-assessment`, { token: t.token });
    expect(response.body.ReleaseAssessmentModel).toMatchObject({ SharesAssumed: true, MissingInputs: [] });
    expect(response.body.Notifications[0]).toMatchObject({ Type: 'Info', Message: 'release.shares_assumed' });
    const empty = await create();
    const missing = await call('GET', `${containerPath(t, empty.Uuid)}/release-assessment`, { token: t.token });
    expect(missing.status).toBe(200);
    expect(missing.body.ReleaseAssessmentModel).toMatchObject({
      MissingInputs: ['Weight', 'MeasurementActivity', 'MeasurementDate', 'Contents'],
      SumOfRatios: null,
      PredictedReleaseDateTime: null,
    });
  });
});

describe('release sweep', () => {
  it(
    'moves DECAY containers past their ReleaseDateTime (injected clock), audited by the service, once; a changed one ' +
      'is left alone',
    async () => {
      const tomorrow = formatTimestamp(new Date(Date.now() + 86_400_000));
      // Cleared data (0.1 Bq/g of F-18) with a later date set by hand: due tomorrow.
      const cleared = { Weight: 10_000, MeasurementActivity: 1_000, MeasurementDate: formatTimestamp(new Date()) };
      const withContent = async (name: string) => {
        const created = await create({ Name: name, ...cleared });
        await add(created.Uuid, { Kind: 'CYCLOTRON_PRODUCT', ContentId: `${name}-f18`, Nuclide: 'F-18' });
        return created;
      };
      const due = await withContent('Due');
      await call('PUT', containerPath(t, due.Uuid), {
        token: t.token,
        body: { State: 'DECAY', ReleaseDateTime: tomorrow },
      });
      const changed = await withContent('Changed');
      await call('PUT', containerPath(t, changed.Uuid), {
        token: t.token,
        body: { State: 'DECAY', ReleaseDateTime: tomorrow },
      });
      await call('PUT', containerPath(t, changed.Uuid), {
        token: t.token,
        body: { ReleaseDateTime: formatTimestamp(new Date(Date.now() + 10 * 86_400_000)) },
      });
      const sweep = releaseSweep(dynamoContainerStore(documentClient(), runtime().tableName), {
        clock: () => new Date(Date.now() + 2 * 86_400_000),
      });
      expect((await sweep.releaseDue('sweep-1')).moved).toBeGreaterThanOrEqual(1);
      // Run again, it moves neither of these (the table is every test file's: other tenants' may be due by then).
      await sweep.releaseDue('sweep-2');
      expect((await call('GET', containerPath(t, due.Uuid), { token: t.token })).body.ContainerModel.State).toBe(
        'RELEASE_DATE_REACHED',
      );
      expect((await call('GET', containerPath(t, changed.Uuid), { token: t.token })).body.ContainerModel.State).toBe(
        'DECAY',
      );
      const history = await call('GET', `${containerPath(t, due.Uuid)}/history`, { token: t.token });
      expect(history.body.ContainerHistoryEntryModelCollection[0]).toMatchObject({
        By: 'service',
        ByName: 'Service',
        Field: 'State',
        OldValue: 'DECAY',
        NewValue: 'RELEASE_DATE_REACHED',
        RequestId: 'sweep-1',
      });
    },
  );
});

describe('history', () => {
  it('lists every change newest first, with names, and pages it by 100', async () => {
    const created = await create({ Name: 'Paged' });
    // Fifteen writers at once on one container: one that loses the race more often than its attempts allow is told
    // 409 `request.concurrent_update` (or 503 under load) and sends its change again after a jittered pause, as a
    // client does.
    const put = async (weight: number) => {
      for (let attempt = 1; ; attempt++) {
        const r = await call('PUT', containerPath(t, created.Uuid), { token: t.token, body: { Weight: weight } });
        const again = r.status === 503 || (r.status === 409 && errorOf(r).Message === 'request.concurrent_update');
        if (!again || attempt === 8) return r.status;
        await setTimeout(Math.random() * 50 * 2 ** attempt);
      }
    };
    for (let i = 1; i <= 105; i += 15)
      expect(await Promise.all(Array.from({ length: 15 }, (_, j) => put(i + j)))).toEqual(Array(15).fill(200));
    const whole = await call('GET', `${containerPath(t, created.Uuid)}/history`, { token: t.token });
    const lines = whole.body.ContainerHistoryEntryModelCollection;
    // State, Name and LabelsRemoved at creation + 105 weight changes.
    expect(whole.body.CollectionConfiguration).toMatchObject({ IsPaginated: false, TotalCount: 108 });
    expect(lines.at(-2)).toMatchObject({
      By: 'person-owner',
      ByName: 'Olivia Owner',
      Field: 'Name',
      OldValue: null,
      NewValue: 'Paged',
    });
    expect(lines.at(-1)).toMatchObject({ Field: 'LabelsRemoved', OldValue: null, NewValue: false });
    expect(lines[0].Field).toBe('Weight');
    const second = await call('GET', `${containerPath(t, created.Uuid)}/history/page/2`, { token: t.token });
    expect(second.body.CollectionConfiguration).toMatchObject({
      CurrentPage: 2,
      LastPage: 2,
      FirstIndex: 100,
      LastIndex: 107,
      TotalCount: 108,
    });
    expect(second.body.ContainerHistoryEntryModelCollection).toEqual(lines.slice(100));
    const first = await call('GET', `${containerPath(t, created.Uuid)}/history/page`, { token: t.token });
    expect(first.body.ContainerHistoryEntryModelCollection).toEqual(lines.slice(0, 100));
    expect(first.body.CollectionConfiguration.NextPageEndpoint).toMatch(
      new RegExp(`/container/${created.Uuid}/history/page/2$`),
    );
  });
});

describe('tenant isolation of every new route', () => {
  const routes = (uuid: string, base = containerPath(t, uuid)) =>
    [
      ['GET', `${base}/contents`],
      ['POST', `${base}/contents`],
      ['DELETE', `${base}/contents/${randomUUID()}`],
      ['GET', `${base}/release-assessment`],
      ['GET', `${base}/history`],
      ['GET', `${base}/history/page`],
      ['GET', `${base}/history/page/1`],
    ] as const;
  const body = { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'x', Nuclide: 'F-18' };

  it("another tenant's token is 403; another tenant's uuid is 404", async () => {
    const mine = await create();
    for (const [method, path] of routes(mine.Uuid)) {
      const response = await call(method, path, { token: other.token, ...(method === 'POST' ? { body } : {}) });
      expect([method, path, response.status]).toEqual([method, path, 403]);
    }
    const theirs = (await call('POST', containerPath(other), { token: other.token, body: { Name: 'Theirs' } })).body
      .ContainerModel.Uuid;
    for (const [method, path] of routes(theirs)) {
      const response = await call(method, path, { token: t.token, ...(method === 'POST' ? { body } : {}) });
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
  });
});
