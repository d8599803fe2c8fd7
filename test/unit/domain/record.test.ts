/** shared/domain/record.ts: what every new record of a tenant starts with. */
import { describe, expect, it } from 'vitest';
import { newRecord } from '../../../shared/domain/record';

describe('a new record', () => {
  it("carries its tenant and uuid, version 1, created and updated at the server's time (UTC, to the second)", () => {
    expect(newRecord({ client: 'c1', facility: 'f1' }, 'u1', new Date('2026-03-01T12:34:56.789Z'))).toEqual({
      Client: 'c1',
      Facility: 'f1',
      Uuid: 'u1',
      Version: 1,
      CreatedAt: '2026-03-01 12:34:56',
      UpdatedAt: '2026-03-01 12:34:56',
    });
  });
});
