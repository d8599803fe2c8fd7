/** A container as the API answers it: its view, its model, its ETag. */
import { assessedContents, type ContentKind, type ContentLink } from './container-contents';
import {
  CONTAINER_DEFAULTS,
  CONTAINER_FIELDS,
  CONTAINER_TABLE,
  type ContainerData,
  type ContainerRecord,
} from './container-fields';
import { presentModel, type ModelOf } from './fields';
import { currentSpecificActivity } from './release-assessment';

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
    CurrentSpecificActivity: currentSpecificActivity(record, assessedContents(links), now),
    MeasurementContaminationByName: nameOf(record.MeasurementContaminationBy),
    ReleasedByRadiationProtectionOfficerName: nameOf(record.ReleasedByRadiationProtectionOfficer),
    DispatchId: view.dispatchId,
    DisposeId: view.disposeId,
    CyclotroneProductIds: idsOf('CYCLOTRON_PRODUCT'),
    GeneratorEluatIds: idsOf('GENERATOR_ELUAT'),
  });
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
