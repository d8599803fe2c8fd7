/**
 * The release's fixtures for the unit tests of its record: a box of F-18 and a Ga-68 eluate with its Ge-68, released
 * on 25 November 2026 at 10:00 under a notice after a decision measurement an hour before, and the facts its record is
 * made of.
 */
import { assessContainer } from '../../shared/domain/container-assessment';
import { type ContentLink, toContentModel } from '../../shared/domain/container-contents';
import { createContainer } from '../../shared/domain/container-rules';
import { type ReleaseFacts, releasedContainer } from '../../shared/domain/release-record';
import { measurementFixture, noticeFixture } from './memory/release-sources';

export const now = new Date('2026-11-25T10:00:00Z');
export const links: ContentLink[] = [
  { kind: 'CYCLOTRON_PRODUCT', id: 'cp-1', nuclide: 'F-18', activity: 9e5, activityDateTime: '2026-11-20 08:00:00' },
  {
    kind: 'GENERATOR_ELUAT',
    id: 'ge-1',
    nuclide: 'Ga-68',
    activity: 1e5,
    activityDateTime: '2026-11-20 08:00:00',
    impurities: [{ nuclide: 'Ge-68', fraction: 1e-5 }],
  },
];

/** A decision measurement of the box an hour before the determination: Ge-68 at its detection limit, 0.002 Bq/g. */
export const measured = (more: Partial<Parameters<typeof measurementFixture>[0]> = {}) =>
  measurementFixture({
    containerUuid: 'box-uuid',
    at: '2026-11-25 09:00:00',
    weightG: 10_000,
    fractions: { 'Ge-68': 1 },
    valueUsed: 0.002,
    detectionLimit: 0.002,
    ...more,
  });

export function facts(overrides: Partial<ReleaseFacts> = {}): ReleaseFacts {
  const container = createContainer(
    { client: 'client-1', facility: 'facility-1' },
    'box-uuid',
    { Name: 'Hot lab bin 3', Weight: 10_000, WasteForm: 'SOLID' },
    [],
    now,
  );
  const measurement = overrides.measurement ?? measured({ detected: false });
  return {
    container: releasedContainer({ ...container, State: 'RELEASE_DATE_REACHED' }, 'grace', now),
    contents: links.map(toContentModel),
    assessment: assessContainer(container, links, now, { decision: { measurement, form: 'SOLID' } }),
    measurement,
    notice: noticeFixture({ client: 'client-1', facility: 'facility-1' }, { Conditions: 'Nur Abfälle der Station 3.' }),
    type: 'UNRESTRICTED',
    plant: null,
    justification: null,
    discrepancyCause: null,
    recordDocumentUuid: 'doc-uuid',
    officerName: 'Grace Hopper',
    names: new Map([['ada', 'Ada Lovelace']]),
    massCorrections: [],
    chart: null,
    ...overrides,
  };
}
