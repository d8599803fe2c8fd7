/** shared/http/replies.ts: the envelopes of interface §2.6 as a handler answers them. */
import { describe, expect, it } from 'vitest';
import { pageReply, single, wholeReply } from '../../../shared/http/replies';
import { loadLanguage } from '../../../shared/i18n/translate';
import type { ApiRequest } from '../../../shared/http/types';

const request = {
  language: 'en',
  event: { rawPath: '/document/api/v1/c/f/documents', requestContext: { domainName: 'api.example.org' } },
  params: { clientUuid: 'c', facilityUuid: 'f' },
  // The filter the request was given: collection addresses keep it.
  query: { State: 'ACTIVE' },
  header: () => undefined,
} as unknown as ApiRequest;

describe('single', () => {
  it('holds the model and its notifications: the success, then read-only members ignored as one Warning', () => {
    const reply = single(
      'ContainerModel',
      { Uuid: 'u' },
      { success: { key: 'container.updated' }, ignored: ['Uuid', 'CreatedAt'], language: 'en' },
    );
    const body = reply.body as {
      ContainerModel: unknown;
      Notifications: { Type: string; Message: string; Details: string[] }[];
    };
    expect(Object.keys(body)).toEqual(['ContainerModel', 'Notifications']);
    expect(body.Notifications.map((n) => [n.Type, n.Message])).toEqual([
      ['Success', 'container.updated'],
      ['Warning', 'request.read_only_ignored'],
    ]);
    expect(body.Notifications[1]!.Details).toEqual(['Uuid: read-only, ignored', 'CreatedAt: read-only, ignored']);
  });

  it("puts the use case's notes after its own notifications, in the caller's language", async () => {
    // As the handler does when it picks the caller's language.
    await loadLanguage('de');
    const reply = single('M', 1, {
      success: { key: 'container.updated' },
      notes: [{ key: 'release.shares_assumed' }],
      language: 'de',
    });
    const notes = (reply.body as { Notifications: { Message: string; LocalizedMessage: string }[] }).Notifications;
    expect(notes.map((n) => n.Message)).toEqual(['container.updated', 'release.shares_assumed']);
    expect(notes[0]!.LocalizedMessage).toBe('Der Behälter wurde geändert.');
  });

  it('carries extra members and headers when given, and none otherwise', () => {
    expect(single('M', 1, { language: 'en', headers: { ETag: '"u.2"' }, extra: { Upload: {} } })).toEqual({
      body: { M: 1, Notifications: [], Upload: {} },
      headers: { ETag: '"u.2"' },
    });
    expect(single('M', 1, { language: 'en' })).toEqual({ body: { M: 1, Notifications: [] } });
  });
});

describe('pageReply and wholeReply', () => {
  it('a page: the items, its configuration with absolute endpoints, no notifications', () => {
    const reply = pageReply(request, 'DocumentModelCollection', { items: [1, 2], total: 102 }, 2, {
      path: '/document/api/v1/{clientUuid}/{facilityUuid}/documents/page/{page}',
    });
    const body = reply.body as { CollectionConfiguration: Record<string, unknown>; Notifications: unknown[] };
    expect(Object.keys(body)).toEqual(['DocumentModelCollection', 'CollectionConfiguration', 'Notifications']);
    expect(body.CollectionConfiguration).toMatchObject({
      CurrentPage: 2,
      LastPage: 2,
      FirstIndex: 100,
      LastIndex: 101,
      TotalCount: 102,
      // The numbered route's path, the request's variables, the page and the query kept.
      CurrentPageEndpoint: 'https://api.example.org/document/api/v1/c/f/documents/page/2?State=ACTIVE',
      FirstPageEndpoint: 'https://api.example.org/document/api/v1/c/f/documents/page/1?State=ACTIVE',
    });
    expect(body.Notifications).toEqual([]);
  });

  it('a whole collection: its own address everywhere, and a Warning when it was cut at the cap', () => {
    const reply = wholeReply(request, 'DocumentModelCollection', { items: [1], total: 1500, truncated: true }, 1000);
    const body = reply.body as {
      CollectionConfiguration: Record<string, unknown>;
      Notifications: { Message: string }[];
    };
    expect(body.CollectionConfiguration).toMatchObject({
      IsPaginated: false,
      MaxItemsPerPage: 1000,
      TotalCount: 1500,
      FirstPageEndpoint: 'https://api.example.org/document/api/v1/c/f/documents?State=ACTIVE',
    });
    expect(body.Notifications.map((n) => n.Message)).toEqual(['collection.truncated']);
  });
});
