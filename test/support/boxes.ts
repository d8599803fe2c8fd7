/** The container fixtures of the domain's unit tests: a new box, and one decaying with F-18 at a known pace. */
import type { ContentLink } from '../../shared/domain/container-contents';
import type { ContainerRecord } from '../../shared/domain/container-fields';
import { createContainer } from '../../shared/domain/container-rules';

export const tenant = { client: 'c1', facility: 'f1' };
export const now = new Date('2026-03-01T12:00:00Z');
/** A new OPEN box named Box. */
export const base = (): ContainerRecord => createContainer(tenant, 'u1', { Name: 'Box' }, [], now);

// 10 kg measured at 1 MBq of F-18 at 08:00: 100 Bq/g, ten times the clearance level; cleared at 14:04:39.
export const measuredAt = '2026-03-01 08:00:00';
export const f18: ContentLink[] = [
  { kind: 'CYCLOTRON_PRODUCT', id: 'p1', nuclide: 'F-18', activity: 1e6, activityDateTime: measuredAt },
];
export const decaying = (): ContainerRecord => ({
  ...base(),
  State: 'DECAY',
  Weight: 10_000,
  MeasurementActivity: 1e6,
  MeasurementDate: measuredAt,
  ReleaseDateTime: '2026-03-01 14:04:39',
});
/** A time of the test's day. */
export const at = (time: string) => new Date(`2026-03-01T${time}Z`);
