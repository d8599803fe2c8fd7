/** infra/local/elapsed.ts: a container's items with every recorded time moved back, keys and index keys too. */
import { describe, expect, it } from 'vitest';
import { elapsed } from '../../../infra/local/elapsed';

const container = {
  PK: 'C#c#F#f',
  SK: 'CONTAINER#box#DATA',
  Type: 'Container',
  MeasurementDate: '2026-11-20 08:00:00',
  ReleaseDateTime: '2026-11-20 08:40:00',
  G3SK: '2026-11-20 08:40:00#c#f#box',
  IsReleasedByRadiationProtectionOfficer: null,
};
const measurement = {
  PK: 'C#c#F#f',
  SK: 'MEASUREMENT#CONTAINER#box#2026-11-20 09:00:00#m1',
  Type: 'DecisionMeasurement',
  MeasuredAt: '2026-11-20 09:00:00',
  Nuclides: [{ Nuclide: 'F-18', ValueUsed: 0.01 }],
};
const audit = {
  PK: 'C#c#F#f',
  SK: 'AUDIT#CONTAINER#box#2026-11-20T08:00:00.123Z#r1',
  Type: 'Audit',
  At: '2026-11-20 08:00:00',
  Changes: [{ Field: 'ReleaseDateTime', Old: null, New: '2026-11-20 08:40:00' }],
};

describe('elapsed', () => {
  it('moves every recorded time back, in keys, index keys and nested values; re-keys what sorts by its time', () => {
    const { put, remove } = elapsed([container, measurement, audit], 60);
    expect(put[0]).toMatchObject({
      MeasurementDate: '2026-11-20 07:00:00',
      ReleaseDateTime: '2026-11-20 07:40:00',
      G3SK: '2026-11-20 07:40:00#c#f#box',
    });
    expect(put[1]).toMatchObject({
      SK: 'MEASUREMENT#CONTAINER#box#2026-11-20 08:00:00#m1',
      MeasuredAt: '2026-11-20 08:00:00',
      Nuclides: [{ Nuclide: 'F-18', ValueUsed: 0.01 }],
    });
    // The audit entry's own key (written in ISO form, for order) stays: only its recorded times move.
    expect(put[2]).toMatchObject({
      SK: audit.SK,
      At: '2026-11-20 07:00:00',
      Changes: [{ New: '2026-11-20 07:40:00' }],
    });
    expect(remove).toEqual([{ PK: 'C#c#F#f', SK: measurement.SK }]);
  });

  it('refuses a released container: its times are booked', () => {
    expect(() => elapsed([{ ...container, IsReleasedByRadiationProtectionOfficer: true }], 60)).toThrow(/released/);
  });
});
