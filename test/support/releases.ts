/**
 * A container ready for its release over the API, for contract tests: the facility's clearance notice, a usable
 * instrument, a solid container of F-18 closed for decay, its decision measurement (a = 0.01 Bq/g, detected) and
 * RELEASE_DATE_REACHED.
 */
import { expect } from 'vitest';
import { call, containerPath, type ApiResponse } from './api';
import { at, createNotice, measurementBody, measurementPath, rpoOf, usableInstrument } from './registers';

type Tenant = { client: string; facility: string; token: string };

export interface Releasable {
  uuid: string;
  notice: string;
  instrument: string;
}

/** What a container to release is made of; each may be given, or is made. */
export interface ReleasableOptions {
  name?: string;
  notice?: string;
  instrument?: string;
  wasteForm?: string;
  /** The measurement's body changes (counts, times, surface). */
  measurement?: object;
  /** Stop in DECAY, measured (true), or unmeasured ('unmeasured'). */
  stopInDecay?: boolean | 'unmeasured';
  /** The content instead of the F-18 entered by hand (1 kBq at `measuredAt`): one drawn from the material book. */
  content?: (measuredAt: string) => object;
}

/** A 10 kg solid container of F-18 (1 kBq a minute ago), closed, measured and in RELEASE_DATE_REACHED. */
export async function releasable(t: Tenant, options: ReleasableOptions = {}): Promise<Releasable> {
  const notice = options.notice ?? ((await createNotice(t)).Uuid as string);
  const instrument = options.instrument ?? (await usableInstrument(t));
  const measuredAt = at(-60);
  const created = await call('POST', containerPath(t), {
    token: t.token,
    body: {
      Name: options.name ?? 'Bag 7',
      Weight: 10_000,
      WasteForm: options.wasteForm ?? 'SOLID',
      MeasurementActivity: 1000,
      MeasurementDate: measuredAt,
    },
  });
  expect(created.status, created.text).toBe(200);
  const uuid = created.body.ContainerModel.Uuid as string;
  const added = await call('POST', `${containerPath(t, uuid)}/contents`, {
    token: t.token,
    body: options.content?.(measuredAt) ?? {
      Kind: 'CYCLOTRON_PRODUCT',
      ContentId: 'fdg-1',
      Nuclide: 'F-18',
      Activity: 1000,
      ActivityDateTime: measuredAt,
      Impurities: [],
    },
  });
  expect(added.status, added.text).toBe(200);
  const closed = await call('PUT', containerPath(t, uuid), { token: t.token, body: { State: 'DECAY' } });
  expect(closed.status, closed.text).toBe(200);
  if (options.stopInDecay === 'unmeasured') return { uuid, notice, instrument };
  const measured = await call('POST', measurementPath(t, uuid), {
    token: t.token,
    body: measurementBody(instrument, options.measurement),
  });
  expect(measured.status, measured.text).toBe(200);
  if (options.stopInDecay) return { uuid, notice, instrument };
  const reached = await call('PUT', containerPath(t, uuid), {
    token: t.token,
    body: { State: 'RELEASE_DATE_REACHED' },
  });
  expect(reached.status, reached.text).toBe(200);
  return { uuid, notice, instrument };
}

/** The release of `uuid` by the tenant's officer, citing `notice`. */
export const releaseOf = (t: Tenant, uuid: string, body: object, bearer = rpoOf(t)): Promise<ApiResponse> =>
  call('POST', `${containerPath(t, uuid)}/release`, { token: bearer, body });
