/** shared/schemas/envelope.ts: the Notification element and the CollectionConfiguration as the answers carry them. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { pageConfiguration, wholeConfiguration } from '../../../shared/domain/collection';
import { notification } from '../../../shared/i18n/translate';
import {
  collectionConfiguration,
  errorBodyOf,
  notificationOf,
  replyNotifications,
} from '../../../shared/schemas/envelope';

const created = notification({ key: 'container.created' }, 'de');
const notFound = notification({ key: 'container.not_found', params: { uuid: 'u1' } }, 'en');
const valid = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;

describe('notifications', () => {
  it('are the catalogue messages as translated, in either language', () => {
    expect(valid(notificationOf(), created)).toBe(true);
    expect(valid(notificationOf(), notFound)).toBe(true);
    expect(valid(notificationOf(), { ...created, Message: 'container.made_up' })).toBe(false);
    expect(valid(notificationOf(), { ...created, Colour: 'green' })).toBe(false);
  });

  it('of a 200 answer are never errors; an error answer carries one, of the keys its operation documents', () => {
    expect(valid(replyNotifications, [created])).toBe(true);
    expect(valid(replyNotifications, [notFound])).toBe(false);
    const body = errorBodyOf(['container.not_found']);
    expect(valid(body, { Notifications: [notFound] })).toBe(true);
    expect(valid(body, { Notifications: [notFound, notFound] })).toBe(false);
    expect(valid(errorBodyOf(['container.delete_forbidden']), { Notifications: [notFound] })).toBe(false);
  });
});

describe('the collection configuration', () => {
  const endpoint = (page: number) => `https://api.test/container/page/${page}`;

  it('holds a page of a paginated collection, an empty one past the end, and an unpaginated listing', () => {
    const page = (page: number, itemsOnPage: number) =>
      pageConfiguration({ name: 'ContainerModel', total: 250, page, pageSize: 100, itemsOnPage, endpoint });
    expect(valid(collectionConfiguration, page(1, 100))).toBe(true);
    expect(valid(collectionConfiguration, page(4, 0))).toBe(true);
    const whole = wholeConfiguration({
      name: 'ContainerModel',
      total: 0,
      cap: 1000,
      itemsOnPage: 0,
      self: endpoint(1),
    });
    expect(valid(collectionConfiguration, whole)).toBe(true);
  });

  it('refuses page 0, a relative address, or a member it does not document', () => {
    const first = pageConfiguration({ name: 'X', total: 1, page: 1, pageSize: 100, itemsOnPage: 1, endpoint });
    expect(valid(collectionConfiguration, { ...first, CurrentPage: 0 })).toBe(false);
    expect(valid(collectionConfiguration, { ...first, NextPageEndpoint: '/container/page/2' })).toBe(false);
    expect(valid(collectionConfiguration, { ...first, Cursor: 'x' })).toBe(false);
  });
});
