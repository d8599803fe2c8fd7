/** shared/services/facility-settings.ts over the in-memory store: first read, If-Match, the regime while closed. */
import { describe, expect, it } from 'vitest';
import { facilityRules, settingsService } from '../../../shared/services/facility-settings';
import { rejection } from '../../support/errors';
import { memorySettingsStore } from '../../support/memory/surveys';

const tenant = { client: 'c', facility: 'f' };

describe('the settings service', () => {
  it('answers the defaults, stored on first read, and reads them again without writing', async () => {
    const store = memorySettingsStore();
    expect((await facilityRules(store, tenant)).regime.name).toBe('DE_STRLSCHV_2018');
    expect(await store.get(tenant)).toBeUndefined();
    const service = settingsService(store, () => new Date('2026-11-20T08:00:00Z'));
    const first = await service.load(tenant);
    expect(first).toMatchObject({ etag: '"f.1"', model: { Regime: 'DE_STRLSCHV_2018', TimeZone: 'Europe/Berlin' } });
    expect(await store.get(tenant)).toMatchObject({ Version: 1 });
    expect(await service.load(tenant)).toEqual(first);
  });

  it('changes under If-Match, and keeps the regime while a container is closed', async () => {
    const store = memorySettingsStore();
    const service = settingsService(store);
    const stale = await rejection(service.update(tenant, { TimeZone: 'Europe/Vienna' }, '"f.7"'));
    expect(stale.statusCode).toBe(412);
    store.setClosed(tenant, 1);
    const locked = await rejection(service.update(tenant, { Regime: 'US_NRC_10CFR35' }, '"f.1"'));
    expect(locked.notification.key).toBe('settings.regime_locked');
    store.setClosed(tenant, 0);
    const changed = await service.update(tenant, { Regime: 'US_NRC_10CFR35' }, '"f.1"');
    expect(changed).toMatchObject({ etag: '"f.2"', model: { Regime: 'US_NRC_10CFR35', TimeZone: 'America/New_York' } });
    expect((await service.rules(tenant)).regime.name).toBe('US_NRC_10CFR35');
  });
});
