/**
 * Issue 9's input findings over HTTP: strings must be well-formed Unicode, numbers within the range
 * stored exactly, page numbers never overflow, flags exactly true or false, kept records read-only;
 * one stored record that cannot be presented never breaks a listing.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../shared/data/table';
import { releasable, releaseOf } from '../support/releases';
import {
  call,
  containerPath,
  createDocument,
  documentClient,
  documentsPath,
  errorOf,
  eventually,
  newTenant,
  runtime,
  token,
  upload,
} from '../support/api';

// Lone surrogates are written as JSON escapes: JSON.stringify would write them the same way.
const raw = (json: string) => ({ rawBody: json, headers: { 'content-type': 'application/json' } });

describe('strings are well-formed Unicode (finding 1)', () => {
  const t = newTenant();

  it('a Filename with a lone surrogate is 400 naming the field, on create and update', async () => {
    const created = await call('POST', documentsPath(t), {
      token: t.token,
      ...raw('{"Scope":"DEVICE","ScopeReference":"dev1","Filename":"x\\ud800.pdf"}'),
    });
    expect(created.status, created.text).toBe(400);
    expect(errorOf(created).Details).toEqual(['Filename: must be well-formed Unicode (no lone surrogate)']);
    const doc = await createDocument(t, { Scope: 'DEVICE', ScopeReference: 'dev1', Filename: 'ok.pdf' });
    const updated = await call('PUT', documentsPath(t, `/${doc.DocumentModel.Uuid}`), {
      token: t.token,
      ...raw('{"Filename":"y\\udc00.pdf"}'),
    });
    expect(updated.status).toBe(400);
    const after = await call('GET', `/document/report-api/v1/document/${doc.DocumentModel.Uuid}`, { token: t.token });
    expect(after.body.DocumentModel.Filename).toBe('ok.pdf');
  });

  it('container and log entry texts with a lone surrogate are 400; paired surrogates (emoji) pass', async () => {
    const bad = await call('POST', containerPath(t), { token: t.token, ...raw('{"Name":"Box \\ud83e"}') });
    expect([bad.status, errorOf(bad).Details]).toEqual([
      400,
      ['Name: must be well-formed Unicode (no lone surrogate)'],
    ]);
    const good = await call('POST', containerPath(t), { token: t.token, body: { Name: 'Box 🧪' } });
    expect(good.status).toBe(200);
    const entry = await call('POST', `/maintenance-log/api/v1/${t.client}/${t.facility}/maintenance-log-entries`, {
      token: t.token,
      ...raw('{"IncidentTitle":"t","IncidentCause":"\\udfff","IncidentDateStart":"2026-01-01 00:00:00"}'),
    });
    expect([entry.status, errorOf(entry).Details]).toEqual([
      400,
      ['IncidentCause: must be well-formed Unicode (no lone surrogate)'],
    ]);
  });

  it(
    'a stored Filename with a lone surrogate (older data) breaks no listing and no report: it downloads under an ' +
      'ASCII name',
    async () => {
      const doc = await createDocument(t, { Scope: 'DEVICE', ScopeReference: 'dev2', Filename: 'fine.pdf' });
      expect(await upload(doc.Upload, new TextEncoder().encode('%PDF-1.4'))).toBe(204);
      const uuid = doc.DocumentModel.Uuid as string;
      await eventually(async () => {
        const r = await call('GET', `/document/report-api/v1/document/${uuid}`, { token: t.token });
        return r.body.DocumentModel.Url ? true : undefined;
      });
      await documentClient().send(
        new UpdateCommand({
          TableName: runtime().tableName,
          Key: { PK: keys.tenant(t), SK: `DOCUMENT#${uuid}` },
          UpdateExpression: 'SET Filename = :f',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':f': 'x\ud800.pdf' },
        }),
      );
      for (const suffix of ['', '/page', '/page/1', '/latest', '/device/dev2', '?State=ACTIVE']) {
        const r = await call('GET', documentsPath(t, suffix), { token: t.token });
        expect(r.status, `${suffix}: ${r.text}`).toBe(200);
      }
      const report = await call('GET', `/document/report-api/v1/document/${uuid}`, { token: t.token });
      expect(report.status, report.text).toBe(200);
      const download = await fetch(report.body.DocumentModel.Url);
      expect(download.headers.get('content-disposition')).toBe('attachment; filename="x.pdf"');
    },
  );
});

describe('numbers within the range stored exactly (finding 2)', () => {
  const t = newTenant();

  it.each([
    ['9007199254740993', 'Weight'],
    ['1e200', 'MeasurementActivity'],
    ['5e-324', 'MeasurementFactor'],
    ['1e-101', 'MeasurementContamination'],
  ])('%s is 400 naming the field', async (number, field) => {
    const r = await call('POST', containerPath(t), { token: t.token, ...raw(`{"Name":"n","${field}":${number}}`) });
    expect(r.status, r.text).toBe(400);
    expect(errorOf(r).Details).toEqual([
      `${field}: must be 0 or lie in [1e-100, 9007199254740991], the range stored exactly`,
    ]);
  });

  it('the ends of the range are stored and read back exactly', async () => {
    const body = {
      Name: 'edges',
      Weight: 9007199254740991,
      MeasurementActivity: 1e-100,
      MeasurementFactor: 1e-100,
      MeasurementContamination: 0.1 + 0.2,
    };
    const created = await call('POST', containerPath(t), { token: t.token, body });
    expect(created.status, created.text).toBe(200);
    const loaded = await call('GET', containerPath(t, created.body.ContainerModel.Uuid), { token: t.token });
    expect(loaded.body.ContainerModel).toMatchObject({
      Weight: 9007199254740991,
      MeasurementActivity: 1e-100,
      MeasurementFactor: 1e-100,
      MeasurementContamination: 0.1 + 0.2,
    });
  });

  it('an update out of range is 400 and changes nothing', async () => {
    const created = await call('POST', containerPath(t), { token: t.token, body: { Name: 'u', Weight: 5 } });
    const uuid = created.body.ContainerModel.Uuid as string;
    const r = await call('PUT', containerPath(t, uuid), { token: t.token, ...raw('{"Weight":1e16}') });
    expect(r.status).toBe(400);
    expect((await call('GET', containerPath(t, uuid), { token: t.token })).body.ContainerModel.Weight).toBe(5);
  });
});

describe('page numbers (finding 3)', () => {
  it.each(['21474837', '1000001', '9007199254740991'])(
    'page %s of the report and of documents is the empty page past the end',
    async (page) => {
      const t = newTenant();
      await createDocument(t, { Scope: 'DEVICE', ScopeReference: 'd', Filename: 'a.pdf' });
      await call('POST', `/maintenance-log/api/v1/${t.client}/${t.facility}/maintenance-log-entries`, {
        token: t.token,
        body: { IncidentTitle: 't', IncidentCause: 'c', IncidentDateStart: '2026-01-01 00:00:00' },
      });
      const reporter = token({ roles: ['reporter'] });
      for (const [path, auth, name] of [
        [
          `/maintenance-log/report-api/v1/maintenance-log-entries/page/${page}`,
          t.token,
          'MaintenanceLogEntryModelCollection',
        ],
        [
          `/maintenance-log/report-api/v1/maintenance-log-entries/page/${page}`,
          reporter,
          'MaintenanceLogEntryModelCollection',
        ],
        [documentsPath(t, `/page/${page}`), t.token, 'DocumentModelCollection'],
      ] as const) {
        const r = await call('GET', path, { token: auth });
        expect(r.status, `${path}: ${r.text}`).toBe(200);
        expect(r.body[name]).toEqual([]);
        expect(r.body.CollectionConfiguration.LastPage).toBeLessThan(r.body.CollectionConfiguration.CurrentPage);
      }
    },
  );
});

describe('/service flags and answers (finding 4)', () => {
  const START = '/service/regenerate-sequence-memory';
  const operator = token({ roles: ['operator'] });

  it.each(['1', 'TRUE', 'yes', '', 'false%20'])(
    '?dryRun=%s is 400 naming the flag, and starts nothing',
    async (value) => {
      const r = await call('GET', `${START}?dryRun=${value}`, { token: operator });
      expect(r.status, r.text).toBe(400);
      expect(errorOf(r).Details).toEqual(['dryRun: must be true or false']);
    },
  );

  it.each([
    ['', 'from: is required'],
    ['?from=exports/x', 'from: '],
    ['?from=exports/a%20b/', 'from: '],
    ['?from=exports/x&dryRun=maybe', 'dryRun: must be true or false'],
  ])('importRecords%s is 400 naming what is wrong', async (query, detail) => {
    const r = await call('GET', `/service/import-records/${crypto.randomUUID()}${query}`, { token: operator });
    expect(r.status, r.text).toBe(400);
    expect(errorOf(r).Details).toEqual(expect.arrayContaining([expect.stringContaining(detail)]));
  });

  it('?dryRun=true and ?dryRun=false start a run and say so in Notifications', async () => {
    for (const value of ['true', 'false']) {
      // A real run of an operation that changes nothing (selecting): a real regeneration would rewrite
      // counts under the other test files' writes (it is for quiet windows).
      const r = await call('GET', `/service/select-invalid-records?dryRun=${value}`, {
        token: operator,
        headers: { 'accept-language': 'de' },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body.DryRun).toBe(value === 'true');
      expect(r.body.Notifications).toEqual([
        expect.objectContaining({
          Type: 'Info',
          Message: 'operation.started',
          LocalizedMessage: expect.stringContaining('selectInvalidRecords'),
        }),
      ]);
    }
  });
});

describe('kept containers are read-only (finding 6)', () => {
  it.each(['DISPATCHED', 'DISPOSED'])('a %s container refuses any change with 409 naming the state', async (state) => {
    const t = newTenant({ roles: ['rpo'] });
    // A solid container measured and in RELEASE_DATE_REACHED; DISPOSED needs its release and its labels off.
    const { uuid, notice } = await releasable(t, { name: 'kept' });
    if (state === 'DISPOSED') {
      const released = await releaseOf(t, uuid, { ClearanceNoticeUuid: notice }, t.token);
      expect(released.status, released.text).toBe(200);
      expect(
        (await call('PUT', containerPath(t, uuid), { token: t.token, body: { LabelsRemoved: true } })).status,
      ).toBe(200);
    }
    const moved = await call('PUT', containerPath(t, uuid), { token: t.token, body: { State: state } });
    expect(moved.status, moved.text).toBe(200);
    const before = (await call('GET', containerPath(t, uuid), { token: t.token })).body.ContainerModel;
    const other = token({ clients: [t.client], facilities: [t.facility] });
    for (const [who, body] of [
      [other, { Name: 'renamed' }],
      [other, { Weight: 20 }],
      [t.token, { Weight: null }],
      [t.token, { IsReleasedByRadiationProtectionOfficer: false }],
    ] as const) {
      const r = await call('PUT', containerPath(t, uuid), { token: who, body });
      expect(r.status, r.text).toBe(409);
      expect(errorOf(r)).toMatchObject({
        Message: 'container.read_only',
        LocalizedMessage: expect.stringContaining(state),
      });
    }
    // Sending what it already holds changes nothing and is no conflict.
    expect(
      (await call('PUT', containerPath(t, uuid), { token: t.token, body: { Name: 'kept', State: state } })).status,
    ).toBe(200);
    // What it holds is unchanged; only the activity decayed meanwhile is worked out anew on each read.
    expect((await call('GET', containerPath(t, uuid), { token: t.token })).body.ContainerModel).toEqual({
      ...before,
      CurrentSpecificActivity: expect.closeTo(before.CurrentSpecificActivity, 3),
    });
  });
});
