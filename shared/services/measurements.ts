/**
 * Decision measurement use cases: take one of a container (anyone of the facility, under their own name) and list a
 * container's. Checks in the order of shared/domain/measurement.ts, computes the figures, and writes the measurement
 * with the container's next version and its audit entry in one transaction.
 */
import type { ClearanceNoticeStore } from '../data/clearance-notices';
import type { ContainerStore } from '../data/container-store';
import type { InstrumentStore } from '../data/instruments';
import type { MeasurementStore } from '../data/measurements';
import type { Tenant } from '../data/table';
import { optimistic } from '../data/transact';
import type { ContainerRecord } from '../domain/container-fields';
import { etagOf, newVersion } from '../domain/record';
import type { DecisionMeasurement, Geometry } from '../domain/decision-measurement';
import {
  checkAveragingArea,
  checkInputs,
  checkInstrument,
  checkMeasurable,
  checkMeasuredAt,
  closedAt,
  type InstrumentAtMeasurement,
  makeMeasurement,
  type MeasurementInput,
  toMeasurementModel,
  vectorContents,
} from '../domain/measurement';
import { nuclideShares } from '../domain/nuclide-vector';
import { parseTimestamp } from '../domain/time';
import { notFound } from '../errors';
import type { NotificationSpec } from '../i18n/translate';
import { writeContext } from './container-writes';
import type { Writer } from './writes';
import { mintUuid, requestTime } from '../replay';

/** At most this many measurements of a container in a listing (a Warning beyond). */
export const MEASUREMENT_LIST_CAP = 1000;

export interface MeasurementPorts {
  containers: Pick<ContainerStore, 'load' | 'history'>;
  instruments: InstrumentStore;
  notices: ClearanceNoticeStore;
  measurements: MeasurementStore;
}

export function measurementService(ports: MeasurementPorts, clock: () => Date = requestTime) {
  async function mustLoad(tenant: Tenant, uuid: string, consistent: boolean) {
    const view = await ports.containers.load(tenant, uuid, { consistent });
    if (!view) throw notFound('container.not_found');
    return view;
  }

  /** The instrument of the facility as it was at `at`, with its last check at or before then (404 when none). */
  async function instrumentAt(tenant: Tenant, uuid: string, at: string): Promise<InstrumentAtMeasurement> {
    const [instrument, lastCheck] = await Promise.all([
      ports.instruments.get(tenant, uuid, { consistent: true }),
      ports.instruments.lastCheck(tenant, uuid, at),
    ]);
    if (!instrument) throw notFound('instrument.not_found');
    return { instrument, lastCheck };
  }

  /** The instrument, checked usable at `at` and calibrated for `geometry` and every nuclide, with its calibrations. */
  async function fittingInstrument(tenant: Tenant, uuid: string, geometry: Geometry, nuclides: string[], at: string) {
    const found = await instrumentAt(tenant, uuid, at);
    return { instrument: found, calibrations: checkInstrument(found, geometry, nuclides, at) };
  }

  return {
    /**
     * Takes a decision measurement of the container: 404, 409 and 400 in the order the rules name them; the answer's
     * notes say when the shares were assumed. The container moves to its next version (its ETag).
     */
    async add(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      body: MeasurementInput,
      requestId: string,
    ): Promise<{ model: DecisionMeasurement; etag: string; notes: NotificationSpec[] }> {
      return optimistic(async () => {
        const view = await mustLoad(tenant, uuid, true);
        const container: ContainerRecord = view.record;
        checkMeasurable(container);
        const now = clock();
        const history = await ports.containers.history(tenant, uuid);
        checkMeasuredAt(body.MeasuredAt, now, closedAt(container, history));
        checkInputs(container, view.links);
        const at = body.MeasuredAt;
        const mixture = nuclideShares(vectorContents(view.links), parseTimestamp(at)!);
        const nuclides = [...mixture.shares.keys()];
        const mass = await fittingInstrument(tenant, body.InstrumentUuid, body.Geometry, nuclides, at);
        let surface: Awaited<ReturnType<typeof fittingInstrument>> | undefined;
        if (body.Surface) {
          surface = await fittingInstrument(
            tenant,
            body.Surface.InstrumentUuid ?? body.InstrumentUuid,
            'SURFACE',
            nuclides,
            at,
          );
          checkAveragingArea(body.Surface, [...surface.calibrations.values()][0]!.ProbeAreaCm2!);
        }
        const notices = (await ports.notices.inForce(tenant, at)).filter((n) => n.ReleaseTypes.includes('INDIVIDUAL'));
        const measurement = makeMeasurement({
          uuid: mintUuid(),
          container,
          body,
          caller: caller.sub,
          mixture,
          instrument: mass.instrument,
          calibrations: mass.calibrations,
          ...(surface ? { surface } : {}),
          notices,
          now,
        });
        // A retry whose first attempt recorded it (the audit names the same request: shared/replay.ts) answers the
        // measurement that attempt made, the same one, with the container as it is.
        const recorded = history.some(
          (entry) => entry.requestId === requestId && entry.changes.some((c) => c.field === 'DecisionMeasurement'),
        );
        const next = recorded ? container : newVersion(container, now);
        if (!recorded)
          await ports.measurements.record(container, next, measurement, writeContext(caller, now, requestId));
        const names = new Map(caller.name ? [[caller.sub, caller.name]] : []);
        return {
          model: toMeasurementModel(measurement, names),
          etag: etagOf(next),
          notes: mixture.assumed ? [{ key: 'measurement.shares_assumed' }] : [],
        };
      });
    },

    /** A container's measurements, newest MeasuredAt first (404 for no container). */
    async list(
      tenant: Tenant,
      uuid: string,
    ): Promise<{ items: DecisionMeasurement[]; total: number; truncated: boolean }> {
      const [, all] = await Promise.all([mustLoad(tenant, uuid, false), ports.measurements.list(tenant, uuid)]);
      const listed = all.slice(0, MEASUREMENT_LIST_CAP);
      const names = await ports.measurements.names(tenant.client, [...new Set(listed.map((m) => m.MeasuredBy))]);
      return {
        items: listed.map((m) => toMeasurementModel(m, names)),
        total: all.length,
        truncated: all.length > MEASUREMENT_LIST_CAP,
      };
    },
  };
}
