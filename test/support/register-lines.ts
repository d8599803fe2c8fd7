/** A register line as the store keeps it, for the tests of the register's adapters. */
import { randomUUID } from 'node:crypto';
import type { RegisterLine } from '../../shared/domain/release-register';

/** A line released at `at`, following `previous`. */
export const registerLine = (at: string, previous: string | null, sha: string): RegisterLine => ({
  ContainerUuid: randomUUID(),
  Name: `Box of ${at}`,
  ReleasedAt: at,
  ReleasedBy: 'grace',
  ReleasedByName: 'Grace Hopper',
  Weight: 10_000,
  WasteForm: 'SOLID',
  SumOfRatios: 0.5,
  Nuclides: [],
  MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS',
  InstrumentSerialNumber: 'SN-4711',
  DecisionMeasurementAt: at,
  ReleaseType: 'UNRESTRICTED',
  ClearanceNoticeUuid: 'notice-1',
  ClearanceNoticeFileNumber: 'RP-1',
  Justification: null,
  RecordDocumentUuid: randomUUID(),
  PreviousSha256: previous,
  RecordSha256: 'r'.repeat(64),
  LineSha256: sha.repeat(64),
});
