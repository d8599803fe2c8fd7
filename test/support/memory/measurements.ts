/**
 * In-memory adapter of the measurement port (shared/data/measurements.ts) over the in-memory container store: a
 * measurement is kept only when the container still had the version it was read at (the container moves to its next
 * version with it), newest MeasuredAt first as the sort key orders them.
 */
import type { MeasurementStore } from '../../../shared/data/measurements';
import type { Tenant } from '../../../shared/data/table';
import { ConditionFailedError } from '../../../shared/data/transact';
import { measurementSummary, type MeasurementRecord } from '../../../shared/domain/measurement';
import type { memoryContainerStore } from './containers';

const sortKey = (m: MeasurementRecord) => `${m.MeasuredAt}#${m.Uuid}`;

export function memoryMeasurementStore(containers: ReturnType<typeof memoryContainerStore>) {
  const measurements: MeasurementRecord[] = [];
  const ofContainer = (tenant: Tenant, container: string) =>
    measurements
      .filter((m) => m.Client === tenant.client && m.Facility === tenant.facility && m.ContainerUuid === container)
      .sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1));

  const store: MeasurementStore = {
    list: async (tenant, container) => structuredClone(ofContainer(tenant, container)),
    newest: async (tenant, container) => structuredClone(ofContainer(tenant, container)[0]),
    async record(previous, next, measurement, write) {
      if (measurements.some((m) => m.Uuid === measurement.Uuid))
        throw new ConditionFailedError(['ConditionalCheckFailed']);
      // The container's versioned write (its audit entry with it); it throws when the version moved.
      await containers.update(
        previous,
        next,
        [{ field: 'DecisionMeasurement', old: null, new: measurementSummary(measurement) }],
        write,
      );
      measurements.push(structuredClone(measurement));
    },
    names: (client, ids) => containers.names(client, ids),
  };
  return store;
}
