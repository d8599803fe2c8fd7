/**
 * Licence use cases: record, list, load and change a facility's handling licences (writes are the radiation
 * protection officer's: the routes ask for role rpo). A change of a licence a booking was checked against keeps what
 * the booking rested on (shared/domain/licence.ts), guarded in the write itself against a booking landing meanwhile.
 */
import type { LicenceStore } from '../data/licences';
import type { Tenant } from '../data/table';
import { optimistic } from '../data/transact';
import {
  createLicence,
  type Licence,
  type LicenceCreate,
  type LicenceModel,
  licenceOrder,
  type LicencePatch,
  toLicenceModel,
  touchesFrozen,
  updateLicence,
} from '../domain/licence';
import { etagOf } from '../domain/record';
import { notFound } from '../errors';
import { mintUuid, requestTime } from '../replay';
import { actorOf, checkDocument, checkIfMatch, type Writer } from './writes';

/** At most this many licences in a listing (a facility holds a handful; a Warning beyond). */
export const LICENCE_LIST_CAP = 1000;

export interface LicenceResult {
  model: LicenceModel;
  etag: string;
}

export function licenceService(store: LicenceStore, clock: () => Date = requestTime) {
  const present = (licence: Licence): LicenceResult => ({ model: toLicenceModel(licence), etag: etagOf(licence) });
  const documents = store.documentExists.bind(store);
  return {
    async create(tenant: Tenant, caller: Writer, body: LicenceCreate): Promise<LicenceResult> {
      const licence = createLicence(tenant, mintUuid(), body, clock());
      await checkDocument(documents, tenant, 'DocumentUuid', licence.DocumentUuid);
      await store.create(licence, actorOf(caller));
      return present(licence);
    },

    async load(tenant: Tenant, uuid: string): Promise<LicenceResult> {
      const licence = await store.get(tenant, uuid);
      if (!licence) throw notFound('licence.not_found');
      return present(licence);
    },

    /** The facility's licences, newest ValidFrom first, up to LICENCE_LIST_CAP. */
    async list(tenant: Tenant): Promise<{ items: LicenceModel[]; total: number; truncated: boolean }> {
      const licences = (await store.list(tenant)).sort(licenceOrder);
      return {
        items: licences.slice(0, LICENCE_LIST_CAP).map(toLicenceModel),
        total: licences.length,
        truncated: licences.length > LICENCE_LIST_CAP,
      };
    },

    /** Partial update with If-Match; a booking that landed meanwhile makes a change of what it keeps 409. */
    async update(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      patch: LicencePatch,
      ifMatch: string | undefined,
    ): Promise<LicenceResult> {
      return optimistic(async () => {
        const current = await store.get(tenant, uuid, { consistent: true });
        if (!current) throw notFound('licence.not_found');
        checkIfMatch(ifMatch, etagOf(current));
        const { next, changed } = updateLicence(current, patch, clock());
        if (!changed) return present(current);
        await checkDocument(documents, tenant, 'DocumentUuid', next.DocumentUuid, current.DocumentUuid);
        await store.update(current, next, touchesFrozen(current, next), actorOf(caller));
        return present(next);
      });
    },
  };
}
