import { describe, expect, it } from 'vitest';
import { CROSS_TENANT_INDEXES, indexKeys, keys, tenantPartitions } from '../../../shared/data/table';

const tenant = { client: 'c1', facility: 'f1' };
/** Every index partition of a facility the key builders make. */
const facilityIndexKeys = (tenantKey: string) => [
  indexKeys.documents(tenantKey),
  indexKeys.documentsInState(tenantKey, 'ACTIVE'),
  indexKeys.documentsInScope(tenantKey, 'DEVICE'),
  indexKeys.documentsOfReference(tenantKey, 'DEVICE', 'd1'),
  indexKeys.maintenanceEntries(tenantKey),
];

describe("a tenant's partitions (what a tenant session may name)", () => {
  it("holds the client's directory, the facility's items and every index partition of the facility", () => {
    const own = tenantPartitions(tenant.client, tenant.facility);
    expect(own.directory).toBe(keys.client('c1'));
    expect(own.facility).toBe(keys.tenant(tenant));
    for (const key of facilityIndexKeys(keys.tenant(tenant))) expect(key.startsWith(own.indexPrefix), key).toBe(true);
  });

  it("never reaches facility f10's partitions from f1's, nor another client's", () => {
    const own = tenantPartitions('c1', 'f1');
    for (const other of [
      { client: 'c1', facility: 'f10' },
      { client: 'c10', facility: 'f1' },
      { client: 'c2', facility: 'f1' },
    ]) {
      expect(keys.tenant(other)).not.toBe(own.facility);
      for (const key of facilityIndexKeys(keys.tenant(other))) expect(key.startsWith(own.indexPrefix), key).toBe(false);
    }
  });

  it('keeps the cross-tenant partitions out of every tenant key space', () => {
    const crossTenant = [indexKeys.documentUuid('u1'), indexKeys.maintenanceShard(0), indexKeys.releaseDueShard(3)];
    expect(crossTenant.map((key) => key.startsWith('C#'))).toEqual([false, false, false]);
    expect(crossTenant.map((key, i) => key.startsWith(Object.values(CROSS_TENANT_INDEXES)[i]!.prefix))).toEqual([
      true,
      true,
      true,
    ]);
  });
});
