/**
 * shared/domain/release-record.ts: the released container (the release's time, what the decision measurement showed
 * per nuclide) and the register's line it books (the type, the notice, the form, the instrument, per nuclide the value
 * used). What the record says: release-record-content.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { registerRowOf, releasedContainer } from '../../../shared/domain/release-record';
import { facts, now } from '../../support/release-facts';

describe('releasedContainer', () => {
  it('takes the release time as its ReleaseDateTime and keeps what the decision measurement showed per nuclide', () => {
    const released = releasedContainer(facts().container, 'grace', now, { 'Ge-68': 0.002 });
    expect(released).toMatchObject({
      ReleaseDateTime: '2026-11-25 10:00:00',
      ReleasedByRadiationProtectionOfficerDateTime: '2026-11-25 10:00:00',
      ReleasedSpecificActivities: { 'Ge-68': 0.002 },
    });
  });
});

describe('registerRowOf', () => {
  it('books the type, the notice, the form, the instrument and per nuclide the value used', () => {
    expect(registerRowOf(facts())).toMatchObject({
      ContainerUuid: 'box-uuid',
      Weight: 10_000,
      WasteForm: 'SOLID',
      ReleaseType: 'UNRESTRICTED',
      ClearanceNoticeUuid: 'notice-1',
      ClearanceNoticeFileNumber: 'RP-2026/0815',
      InstrumentSerialNumber: 'SN-4711',
      DecisionMeasurementAt: '2026-11-25 09:00:00',
      MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS',
      Nuclides: [
        {
          Nuclide: 'Ge-68',
          ValueUsedBqPerG: 0.002,
          BelowDecisionThreshold: true,
          SpecificActivityBqPerG: expect.closeTo(0.002, 6),
        },
      ],
    });
  });
});
