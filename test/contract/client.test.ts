/**
 * A client generated from the document works: openapi-typescript's types (test/support/openapi-types.ts,
 * written by npm run openapi) through openapi-fetch create, load, update and list a container and a document.
 */
import createClient from 'openapi-fetch';
import { describe, expect, inject, it } from 'vitest';
import type { paths } from '../support/openapi-types';
import { newTenant, runtime } from '../support/api';
import { checkAnswer } from '../support/contract';

describe('a client generated from the OpenAPI document', () => {
  const t = newTenant();
  const params = { path: { clientUuid: t.client, facilityUuid: t.facility } };
  const client = createClient<paths>({ baseUrl: runtime().apiUrl, headers: { authorization: `Bearer ${t.token}` } });
  // The answers are checked against the document like every other call of the suite.
  client.use({
    async onResponse({ request, response }) {
      const text = await response.clone().text();
      checkAnswer(
        { method: request.method, pathname: new URL(request.url).pathname },
        { status: response.status, contentType: response.headers.get('content-type'), body: JSON.parse(text), text },
        inject('localDir'),
      );
    },
  });

  it('creates, loads and updates a container (If-Match with its ETag; a stale one is 412)', async () => {
    const created = await client.POST('/waste-management/api/v1/{clientUuid}/{facilityUuid}/container', {
      params,
      body: { Name: 'Box 7', Weight: 1250 },
    });
    const uuid = created.data!.ContainerModel.Uuid;
    expect(created.data!.ContainerModel).toMatchObject({ Name: 'Box 7', State: 'OPEN' });
    const item = { params: { path: { ...params.path, uuid } } };
    const loaded = await client.GET('/waste-management/api/v1/{clientUuid}/{facilityUuid}/container/{uuid}', item);
    expect(loaded.data!.ContainerModel.Weight).toBe(1250);
    const etag = loaded.response.headers.get('etag')!;
    const updated = await client.PUT('/waste-management/api/v1/{clientUuid}/{facilityUuid}/container/{uuid}', {
      params: { ...item.params, header: { 'If-Match': etag } },
      body: { State: 'DECAY', Weight: null },
    });
    expect(updated.data!.ContainerModel).toMatchObject({ State: 'DECAY', Weight: null });
    const stale = await client.PUT('/waste-management/api/v1/{clientUuid}/{facilityUuid}/container/{uuid}', {
      params: { ...item.params, header: { 'If-Match': etag } },
      body: { Name: 'Late' },
    });
    expect(stale.error!.Notifications[0]!.Message).toBe('request.precondition_failed');
  });

  it('creates, loads, updates and lists a document', async () => {
    const created = await client.POST('/document/api/v1/{clientUuid}/{facilityUuid}/documents', {
      params,
      body: { Scope: 'DEVICE', ScopeReference: 'dev-7', Filename: 'Prüfbericht.pdf' },
    });
    const uuid = created.data!.DocumentModel.Uuid;
    expect(created.data!.Upload.Method).toBe('POST');
    const report = await client.GET('/document/report-api/v1/document/{uuid}', { params: { path: { uuid } } });
    expect(report.data!.DocumentModel.Filename).toBe('Prüfbericht.pdf');
    const updated = await client.PUT('/document/api/v1/{clientUuid}/{facilityUuid}/documents/{uuid}', {
      params: { path: { ...params.path, uuid } },
      body: { State: 'ARCHIVED' },
    });
    expect(updated.data!.DocumentModel.State).toBe('ARCHIVED');
    const listed = await client.GET('/document/api/v1/{clientUuid}/{facilityUuid}/documents/device/{deviceUuid}', {
      params: { path: { ...params.path, deviceUuid: 'dev-7' }, query: { State: 'ARCHIVED' } },
    });
    expect(listed.data!.DocumentModelCollection.map((d) => d.Uuid)).toEqual([uuid]);
    expect(listed.data!.CollectionConfiguration.IsPaginated).toBe(false);
  });

  it('lists what the interface lists of a container: its history', async () => {
    const created = await client.POST('/waste-management/api/v1/{clientUuid}/{facilityUuid}/container', {
      params,
      body: { Name: 'Box 8' },
    });
    const history = await client.GET('/waste-management/api/v1/{clientUuid}/{facilityUuid}/container/{uuid}/history', {
      params: { path: { ...params.path, uuid: created.data!.ContainerModel.Uuid } },
    });
    expect(history.response.status).toBe(200);
  });
});
