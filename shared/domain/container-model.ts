/** A container as the API answers it: its view, its model, its ETag. */
import { assessedContents, type ContentKind, type ContentLink } from './container-contents';
import {
  CONTAINER_DEFAULTS,
  CONTAINER_FIELDS,
  CONTAINER_TABLE,
  type ContainerData,
  type ContainerRecord,
} from './container-fields';
import { decay, HALF_LIVES } from './decay';
import { presentModel, type ModelOf } from './fields';
import { currentSpecificActivity } from './release-assessment';
import { parseTimestamp } from './time';

/** Everything a container response is computed from. */
export interface ContainerView {
  record: ContainerRecord;
  links: ContentLink[];
  dispatchId: string | null;
  disposeId: string | null;
}

export type ContainerModel = ModelOf<typeof CONTAINER_TABLE>;

/** The response model: exactly the 27 fields of §2.4, in order; the stored ones as stored. */
export function toContainerModel(view: ContainerView, names: ReadonlyMap<string, string>, now: Date): ContainerModel {
  const { record, links } = view;
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  const idsOf = (kind: ContentKind) => {
    const ids = links.filter((l) => l.kind === kind).map((l) => l.id);
    return ids.length ? ids : null;
  };
  return presentModel(CONTAINER_TABLE, record, {
    MeasuredByName: nameOf(record.MeasuredBy),
    CurrentSpecificActivity:
      releasedSpecificActivity(record, now) ?? currentSpecificActivity(record, assessedContents(links), now),
    MeasurementContaminationByName: nameOf(record.MeasurementContaminationBy),
    ReleasedByRadiationProtectionOfficerName: nameOf(record.ReleasedByRadiationProtectionOfficer),
    DispatchId: view.dispatchId,
    DisposeId: view.disposeId,
    CyclotroneProductIds: idsOf('CYCLOTRON_PRODUCT'),
    GeneratorEluatIds: idsOf('GENERATOR_ELUAT'),
  });
}

/**
 * A released container's specific activity now: what its decision measurement showed of each nuclide at the release,
 * decayed since (the closing measurement's prediction no longer speaks for it). Undefined for one not released, or
 * released before issue 36 kept the figures.
 */
function releasedSpecificActivity(record: ContainerRecord, now: Date): number | undefined {
  const measured = record.ReleasedSpecificActivities;
  const at = record.ReleasedByRadiationProtectionOfficerDateTime;
  if (!measured || at === null) return undefined;
  const seconds = Math.max(0, (now.getTime() - parseTimestamp(at)!.getTime()) / 1000);
  return Object.entries(measured).reduce((sum, [nuclide, value]) => {
    const halfLife = HALF_LIVES[nuclide];
    return sum + (halfLife === undefined ? value : decay(value, seconds, halfLife));
  }, 0);
}

/** The default item of `loadDefault`: the tenant, the create defaults, null elsewhere. */
export function defaultContainerModel(tenant: { client: string; facility: string }): ContainerModel {
  const model = Object.fromEntries(CONTAINER_FIELDS.map((f) => [f, null])) as ContainerModel;
  return Object.assign(model, CONTAINER_DEFAULTS, { Client: tenant.client, Facility: tenant.facility });
}

/** The person ids a container refers to (for name resolution). */
export const personIdsOf = (record: ContainerData): string[] =>
  [record.MeasuredBy, record.MeasurementContaminationBy, record.ReleasedByRadiationProtectionOfficer].filter(
    (id): id is string => id !== null,
  );
