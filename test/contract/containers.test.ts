/**
 * The container API over HTTP: defaults, validation, partial update, ETag, states, release, delete, computed fields,
 * audit.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dynamoContainerStore } from '../../shared/data/containers';
import { HALF_LIVES } from '../../shared/domain/decay';
import { formatTimestamp } from '../../shared/domain/time';
import { keys } from '../../shared/data/table';
import { releasable } from '../support/releases';
import { call, containerPath, documentClient, errorOf, newTenant, runtime, token } from '../support/api';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const t = newTenant({ sub: 'person-owner', name: 'Olivia Owner' });
const rpo = token({
  clients: [t.client],
  facilities: [t.facility],
  roles: ['rpo'],
  sub: 'person-rpo',
  name: 'Rita Officer',
});

async function create(body: Record<string, unknown> = { Name: 'Box' }) {
  const response = await call('POST', containerPath(t), { token: t.token, body });
  expect(response.status, response.text).toBe(200);
  return response.body.ContainerModel as Record<string, any>;
}
const put = (uuid: string, body: unknown, options: { token?: string; ifMatch?: string; language?: string } = {}) =>
  call('PUT', containerPath(t, uuid), {
    token: options.token ?? t.token,
    body,
    headers: {
      ...(options.ifMatch ? { 'if-match': options.ifMatch } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
  });
const load = (uuid: string) => call('GET', containerPath(t, uuid), { token: t.token });

describe('create', () => {
  it('applies defaults and computes fields', async () => {
    const response = await call('POST', containerPath(t), {
      token: t.token,
      body: { Name: 'Box A', MeasuredBy: 'person-owner' },
    });
    expect(response.status).toBe(200);
    const model = response.body.ContainerModel;
    expect(model).toMatchObject({
      Client: t.client,
      Facility: t.facility,
      State: 'OPEN',
      Name: 'Box A',
      Weight: null,
      MeasuredBy: 'person-owner',
      MeasuredByName: 'Olivia Owner',
      CurrentSpecificActivity: null,
      DispatchId: null,
      DisposeId: null,
      CyclotroneProductIds: null,
      GeneratorEluatIds: null,
      IsReleasedByRadiationProtectionOfficer: null,
    });
    expect(model.Uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(model.CreatedAt).toMatch(TIMESTAMP);
    expect(model.UpdatedAt).toBe(model.CreatedAt);
    expect(response.headers.get('etag')).toBe(`"${model.Uuid}.1"`);
    expect(response.body.Notifications).toEqual([
      {
        Type: 'Success',
        Message: 'container.created',
        LocalizedMessage: 'The container was created.',
        Level: 200,
        LevelAsString: 'INFO',
        Details: [],
        Code: 20101,
      },
    ]);
  });

  it('ignores read-only members with a Warning naming them', async () => {
    const response = await call('POST', containerPath(t), {
      token: t.token,
      body: { Name: 'Box', Uuid: 'chosen', Client: 'other', CurrentSpecificActivity: 1e9 },
    });
    expect(response.status).toBe(200);
    expect(response.body.ContainerModel.Uuid).not.toBe('chosen');
    expect(response.body.ContainerModel.Client).toBe(t.client);
    expect(response.body.ContainerModel.CurrentSpecificActivity).toBeNull();
    expect(response.body.Notifications[1]).toMatchObject({
      Type: 'Warning',
      Message: 'request.read_only_ignored',
      Level: 300,
      LevelAsString: 'WARNING',
      Details: [
        'Uuid: read-only, ignored',
        'Client: read-only, ignored',
        'CurrentSpecificActivity: read-only, ignored',
      ],
    });
  });

  it('400 with one detail per bad field, in the requested language', async () => {
    const response = await call('POST', containerPath(t), {
      token: t.token,
      headers: { 'accept-language': 'fr;q=0.9, de;q=0.8' },
      body: { Weight: -1, MeasurementDate: '2026-02-29 12:00:00', ReleaseDateTime: '2026-01-01T00:00:00Z' },
    });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({
      Message: 'request.invalid',
      Code: 40001,
      LocalizedMessage: 'Die Anfrage ist ungültig.',
      Details: [
        'Name: ist erforderlich',
        'Weight: muss eine endliche Zahl größer oder gleich null sein',
        'MeasurementDate: muss ein gültiges UTC-Datum mit Uhrzeit im Format YYYY-MM-DD HH:MM:SS sein',
        'ReleaseDateTime: muss ein gültiges UTC-Datum mit Uhrzeit im Format YYYY-MM-DD HH:MM:SS sein',
      ],
    });
  });

  it('400 for unknown members, and nothing is created', async () => {
    const response = await call('POST', containerPath(t), { token: t.token, body: { Name: 'Box', Colour: 'red' } });
    expect(response.status).toBe(400);
    expect(errorOf(response).Details).toEqual(['Colour: unknown member']);
  });

  it(
    '400 for malformed JSON and for a body that is not an object; 415 for another media type; 413 over 64 ' + 'KiB',
    async () => {
      const malformed = await call('POST', containerPath(t), {
        token: t.token,
        rawBody: '{"Name": "Box",',
        headers: { 'content-type': 'application/json' },
      });
      expect([malformed.status, errorOf(malformed).Message]).toEqual([400, 'request.malformed_json']);
      const empty = await call('POST', containerPath(t), {
        token: t.token,
        headers: { 'content-type': 'application/json' },
      });
      expect([empty.status, errorOf(empty).Message]).toEqual([400, 'request.malformed_json']);
      const array = await call('POST', containerPath(t), { token: t.token, body: [{ Name: 'Box' }] });
      expect([array.status, errorOf(array).Details]).toEqual([400, ['The body must be a JSON object']]);
      const text = await call('POST', containerPath(t), {
        token: t.token,
        rawBody: 'Name=Box',
        headers: { 'content-type': 'text/plain' },
      });
      expect([text.status, errorOf(text).Message]).toEqual([415, 'request.unsupported_media_type']);
      const large = await call('POST', containerPath(t), {
        token: t.token,
        body: { Name: 'Box', Padding: 'x'.repeat(64 * 1024) },
      });
      expect([large.status, errorOf(large).Message, errorOf(large).LocalizedMessage]).toEqual([
        413,
        'request.too_large',
        'The request body is larger than 65536 bytes.',
      ]);
      const proto = await call('POST', containerPath(t), {
        token: t.token,
        rawBody: '{"Name":"Box","__proto__":{"State":"DISPOSED"}}',
        headers: { 'content-type': 'application/json' },
      });
      expect(proto.status).toBe(400);
    },
  );
});

describe('update', () => {
  it('sets present members, keeps absent ones, clears nullable ones with null', async () => {
    const created = await create({ Name: 'Box', Weight: 10, MeasurementActivity: 500, MeasurementContamination: 0.2 });
    const response = await put(created.Uuid, { Weight: null, MeasurementFactor: 1.5 });
    expect(response.status).toBe(200);
    expect(response.body.ContainerModel).toMatchObject({
      Name: 'Box',
      Weight: null,
      MeasurementActivity: 500,
      MeasurementFactor: 1.5,
      MeasurementContamination: 0.2,
    });
    expect(response.body.Notifications[0].Message).toBe('container.updated');
    expect(response.headers.get('etag')).toBe(`"${created.Uuid}.2"`);
    expect((await load(created.Uuid)).body.ContainerModel).toEqual(response.body.ContainerModel);
  });

  it('400 for null in a non-nullable field', async () => {
    const created = await create();
    const response = await put(created.Uuid, { Name: null });
    expect([response.status, errorOf(response).Details]).toEqual([400, ['Name: must not be null']]);
  });

  it('honours If-Match: the current ETag or * pass, a stale one is 412', async () => {
    const created = await create();
    const first = await load(created.Uuid);
    const etag = first.headers.get('etag')!;
    expect((await put(created.Uuid, { Name: 'v2' }, { ifMatch: etag })).status).toBe(200);
    const stale = await put(created.Uuid, { Name: 'v3' }, { ifMatch: etag });
    expect([stale.status, errorOf(stale).Message]).toEqual([412, 'request.precondition_failed']);
    expect((await put(created.Uuid, { Name: 'v4' }, { ifMatch: '*' })).status).toBe(200);
    expect((await put(created.Uuid, { Name: 'v5' }, { ifMatch: `W/${etag}` })).status).toBe(412);
    expect((await load(created.Uuid)).body.ContainerModel.Name).toBe('v4');
  });

  it('of 12 concurrent PUTs with the same If-Match exactly one wins', async () => {
    const created = await create();
    const etag = (await load(created.Uuid)).headers.get('etag')!;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => put(created.Uuid, { Name: `writer ${i}` }, { ifMatch: etag })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(11).fill(412)]);
    const winner = responses.find((r) => r.status === 200)!;
    const after = await load(created.Uuid);
    expect(after.body.ContainerModel.Name).toBe(winner.body.ContainerModel.Name);
    expect(after.headers.get('etag')).toBe(`"${created.Uuid}.2"`);
  });

  it('concurrent PUTs without If-Match all apply (none is lost)', async () => {
    const created = await create();
    const fields = ['Weight', 'MeasurementActivity', 'MeasurementFactor', 'MeasurementContamination'];
    const responses = await Promise.all(fields.map((field, i) => put(created.Uuid, { [field]: i + 1 })));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await load(created.Uuid)).body.ContainerModel).toMatchObject({
      Weight: 1,
      MeasurementActivity: 2,
      MeasurementFactor: 3,
      MeasurementContamination: 4,
    });
  });

  it('404 for a container that does not exist', async () => {
    const response = await put('00000000-0000-0000-0000-000000000000', { Name: 'x' });
    expect([response.status, errorOf(response).Message]).toEqual([404, 'container.not_found']);
  });
});

describe('states and release', () => {
  it('409 for a change the state machine forbids, naming both states', async () => {
    const created = await create();
    const response = await put(created.Uuid, { State: 'DISPOSED' }, { language: 'en' });
    expect(response.status).toBe(409);
    expect(errorOf(response)).toMatchObject({
      Message: 'container.state_change_forbidden',
      LocalizedMessage: 'The state cannot change from OPEN to DISPOSED.',
    });
    expect((await load(created.Uuid)).body.ContainerModel.State).toBe('OPEN');
  });

  it('403 naming the release fields when a caller without role rpo sets them', async () => {
    const created = await create();
    const response = await put(created.Uuid, {
      Name: 'x',
      IsReleasedByRadiationProtectionOfficer: true,
      ReleasedByRadiationProtectionOfficerDateTime: '2026-05-01 09:30:00',
    });
    expect(response.status).toBe(403);
    expect(errorOf(response)).toMatchObject({
      Message: 'container.rpo_fields_forbidden',
      Details: ['IsReleasedByRadiationProtectionOfficer', 'ReleasedByRadiationProtectionOfficerDateTime'],
    });
    expect((await load(created.Uuid)).body.ContainerModel).toMatchObject({
      Name: 'Box',
      IsReleasedByRadiationProtectionOfficer: null,
    });
    const onCreate = await call('POST', containerPath(t), {
      token: t.token,
      body: { Name: 'x', ReleasedByRadiationProtectionOfficer: 'me' },
    });
    expect(onCreate.status).toBe(403);
  });

  it('walks OPEN -> DECAY -> DISPATCHED (to a licensed disposer: no release), with its dispatch record', async () => {
    const created = await create();
    expect((await put(created.Uuid, { State: 'DECAY' })).status).toBe(200);
    const dispatched = await put(created.Uuid, { State: 'DISPATCHED' });
    expect(dispatched.status, dispatched.text).toBe(200);
    const model = dispatched.body.ContainerModel;
    expect(model).toMatchObject({ State: 'DISPATCHED', IsReleasedByRadiationProtectionOfficer: null, DisposeId: null });
    expect(model.DispatchId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await load(created.Uuid)).body.ContainerModel.DispatchId).toBe(model.DispatchId);
    // A further same-state update keeps the record; a dispatched container is read-only.
    const again = await put(created.Uuid, { State: 'DISPATCHED' });
    expect(again.body.ContainerModel.DispatchId).toBe(model.DispatchId);
    const renamed = await put(created.Uuid, { Name: 'Shipped' });
    expect([renamed.status, errorOf(renamed).Message]).toEqual([409, 'container.read_only']);
  });

  it('DISPOSED needs the release and the labels off: an RPO releases, then disposes (the dispose record)', async () => {
    // A solid container of F-18, measured and in RELEASE_DATE_REACHED; the facility holds one notice.
    const ready = await releasable(t);
    const created = { Uuid: ready.uuid };
    const unreleased = await put(created.Uuid, { State: 'DISPOSED' });
    expect([unreleased.status, errorOf(unreleased).Message]).toEqual([409, 'container.release_required']);
    const labelled = await put(
      created.Uuid,
      {
        State: 'DISPOSED',
        IsReleasedByRadiationProtectionOfficer: true,
        ReleasedByRadiationProtectionOfficer: 'person-rpo',
      },
      { token: rpo },
    );
    expect([labelled.status, errorOf(labelled).Message]).toEqual([409, 'container.labels_not_removed']);
    expect((await put(created.Uuid, { IsReleasedByRadiationProtectionOfficer: true }, { token: rpo })).status).toBe(
      200,
    );
    const disposed = await put(created.Uuid, { State: 'DISPOSED', LabelsRemoved: true });
    expect(disposed.status, disposed.text).toBe(200);
    expect(disposed.body.ContainerModel).toMatchObject({
      State: 'DISPOSED',
      ReleasedByRadiationProtectionOfficer: 'person-rpo',
      ReleasedByRadiationProtectionOfficerName: 'Rita Officer',
      DispatchId: null,
    });
    expect(disposed.body.ContainerModel.DisposeId).toMatch(/^[0-9a-f-]{36}$/);
    // The release by update made its record, as POST .../release does.
    const records = await call('GET', `/document/api/v1/${t.client}/${t.facility}/documents/record/${created.Uuid}`, {
      token: t.token,
    });
    expect(records.body.DocumentModelCollection).toEqual([
      expect.objectContaining({ Scope: 'RECORD', ScopeReference: created.Uuid }),
    ]);
  });
});

describe('delete', () => {
  it('deletes an OPEN container, answers it, and it is gone', async () => {
    const created = await create({ Name: 'Doomed', Weight: 2 });
    const response = await call('DELETE', containerPath(t, created.Uuid), { token: t.token });
    expect(response.status).toBe(200);
    expect(response.body.ContainerModel).toMatchObject({ Uuid: created.Uuid, Name: 'Doomed', Weight: 2 });
    expect(response.body.Notifications[0].Message).toBe('container.deleted');
    expect((await load(created.Uuid)).status).toBe(404);
    expect((await call('DELETE', containerPath(t, created.Uuid), { token: t.token })).status).toBe(404);
  });

  it('409 once the container left OPEN: it is a record to keep', async () => {
    const created = await create();
    await put(created.Uuid, { State: 'DECAY' });
    const response = await call('DELETE', containerPath(t, created.Uuid), { token: t.token });
    expect([response.status, errorOf(response).Message]).toEqual([409, 'container.delete_forbidden']);
    expect((await load(created.Uuid)).status).toBe(200);
  });
});

describe('computed fields', () => {
  it('CurrentSpecificActivity decays with the longest half-life among linked nuclides; ids from links', async () => {
    const measuredAt = new Date(Date.now() - HALF_LIVES['I-131']! * 1000);
    const created = await create({
      Name: 'Hot',
      MeasurementActivity: 8000,
      MeasurementFactor: 0.5,
      Weight: 200,
      MeasurementDate: formatTimestamp(measuredAt),
    });
    expect(created.CurrentSpecificActivity).toBeNull();
    const store = dynamoContainerStore(documentClient(), runtime().tableName);
    await store.link(t, created.Uuid, { kind: 'CYCLOTRON_PRODUCT', id: 'product-1', nuclide: 'F-18' });
    await store.link(t, created.Uuid, { kind: 'GENERATOR_ELUAT', id: 'eluat-1', nuclide: 'I-131' });
    const model = (await load(created.Uuid)).body.ContainerModel;
    // 8000 Bq x 0.5 / 200 g = 20 Bq/g, one I-131 half-life ago (to the second): 10 Bq/g.
    expect(model.CurrentSpecificActivity).toBeCloseTo(10, 3);
    expect(model.CyclotroneProductIds).toEqual(['product-1']);
    expect(model.GeneratorEluatIds).toEqual(['eluat-1']);
  });

  it("names come from the person directory, filled by each writer's token", async () => {
    const created = await create({ Name: 'Box', MeasurementContaminationBy: 'person-new' });
    expect(created.MeasurementContaminationByName).toBeNull();
    const newcomer = token({ clients: [t.client], facilities: [t.facility], sub: 'person-new', name: 'Nina Newcomer' });
    await call('POST', containerPath(t), { token: newcomer, body: { Name: 'Hers' } });
    expect((await load(created.Uuid)).body.ContainerModel.MeasurementContaminationByName).toBe('Nina Newcomer');
  });
});

describe('audit and logs', () => {
  it('each write leaves an audit entry: who, when, field, old, new', async () => {
    const created = await create({ Name: 'Audited', Weight: 1 });
    await put(created.Uuid, { Weight: 2 }, { token: rpo });
    const out = await documentClient().send(
      new QueryCommand({
        TableName: runtime().tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.tenant(t), ':prefix': `AUDIT#CONTAINER#${created.Uuid}#` },
        ConsistentRead: true,
      }),
    );
    expect(out.Items?.map((i) => [i.Action, i.Actor])).toEqual([
      ['created', 'person-owner'],
      ['updated', 'person-rpo'],
    ]);
    expect(out.Items?.[1]).toMatchObject({
      At: expect.stringMatching(TIMESTAMP),
      Changes: [{ Field: 'Weight', Old: 1, New: 2 }],
    });
  });

  it(
    'each request leaves one structured log line with request id, route, status and duration, never the ' + 'token',
    async () => {
      const created = await create({ Name: 'Logged' });
      const bad = await call('GET', containerPath(t, created.Uuid), { token: 'a.b.c' });
      expect(bad.status).toBe(401);
      await new Promise((r) => setTimeout(r, 100));
      const lines = readFileSync(inject('logFile'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
      const mine = lines.filter((l) => l.message === 'request' && String(l.path).includes(created.Uuid));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        level: 'INFO',
        operation: 'container.load',
        status: 401,
        function_request_id: expect.any(String),
        durationMs: expect.any(Number),
      });
      const log = readFileSync(inject('logFile'), 'utf8');
      expect(log).not.toContain(t.token.split('.')[2]);
      expect(log).not.toMatch(/eyJ[\w-]+\.eyJ/);
    },
  );
});
