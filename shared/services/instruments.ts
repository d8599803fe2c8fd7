/**
 * Instrument use cases: record, list, load and change a facility's instruments (the officer's: role rpo), and their
 * function checks (anyone of the facility, under their own name). Each answer says whether the instrument is usable
 * now, and until when.
 */
import type { InstrumentStore } from '../data/instruments';
import type { Tenant } from '../data/table';
import { ConditionFailedError, optimistic } from '../data/transact';
import { etagOf } from '../domain/record';
import {
  type CheckInput,
  createInstrument,
  type InstrumentCheckModel,
  type InstrumentCreate,
  type InstrumentModel,
  type InstrumentPatch,
  type InstrumentRecord,
  instrumentOrder,
  newCheck,
  toCheckModel,
  toInstrumentModel,
  updateInstrument,
  usabilityAt,
} from '../domain/instrument';
import { FUTURE_TOLERANCE_SECONDS, formatTimestamp, isInTheFuture } from '../domain/time';
import { badRequest, notFound } from '../errors';
import type { NotificationSpec } from '../i18n/translate';
import { actorOf, checkDocument, checkIfMatch, type Writer } from './writes';
import { mintTimeOrderedUuid, mintUuid, requestTime } from '../replay';

/** At most this many instruments, or checks of one, in a listing (a Warning beyond). */
export const INSTRUMENT_LIST_CAP = 1000;

export interface InstrumentResult {
  model: InstrumentModel;
  etag: string;
  /** An Info naming why the instrument is not usable now. */
  notes: NotificationSpec[];
}

interface Listing<T> {
  items: T[];
  total: number;
  truncated: boolean;
}
const capped = <T>(all: T[]): Listing<T> => ({
  items: all.slice(0, INSTRUMENT_LIST_CAP),
  total: all.length,
  truncated: all.length > INSTRUMENT_LIST_CAP,
});

export function instrumentService(store: InstrumentStore, clock: () => Date = requestTime) {
  /** The model with its usability now (the last check at or before now). */
  async function present(record: InstrumentRecord, now: Date): Promise<InstrumentResult> {
    const at = formatTimestamp(now);
    const tenant = { client: record.Client, facility: record.Facility };
    const usability = usabilityAt(record, await store.lastCheck(tenant, record.Uuid, at), at);
    return {
      model: toInstrumentModel(record, usability),
      etag: etagOf(record),
      notes: usability.usable ? [] : [{ key: 'instrument.not_usable_now', details: usability.reasons }],
    };
  }

  async function mustGet(tenant: Tenant, uuid: string, consistent = false): Promise<InstrumentRecord> {
    const record = await store.get(tenant, uuid, { consistent });
    if (!record) throw notFound('instrument.not_found');
    return record;
  }

  const documents = store.documentExists.bind(store);

  return {
    async create(tenant: Tenant, caller: Writer, body: InstrumentCreate): Promise<InstrumentResult> {
      const now = clock();
      const record = createInstrument(tenant, mintUuid(), body, now);
      await checkDocument(documents, tenant, 'CalibrationDocumentUuid', record.CalibrationDocumentUuid);
      await store.create(record, actorOf(caller));
      return present(record, now);
    },

    load: async (tenant: Tenant, uuid: string) => present(await mustGet(tenant, uuid), clock()),

    /** The facility's instruments by name, each with its usability now. */
    async list(tenant: Tenant): Promise<Listing<InstrumentModel>> {
      const now = clock();
      const listing = capped((await store.list(tenant)).sort(instrumentOrder));
      const items = await Promise.all(listing.items.map(async (r) => (await present(r, now)).model));
      return { ...listing, items };
    },

    /** Partial update with If-Match (412 when stale); a lost race is read and applied again. */
    async update(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      patch: InstrumentPatch,
      ifMatch: string | undefined,
    ): Promise<InstrumentResult> {
      return optimistic(async () => {
        const current = await mustGet(tenant, uuid, true);
        checkIfMatch(ifMatch, etagOf(current));
        const now = clock();
        const { next, changed } = updateInstrument(current, patch, now);
        if (changed) {
          await checkDocument(
            documents,
            tenant,
            'CalibrationDocumentUuid',
            next.CalibrationDocumentUuid,
            current.CalibrationDocumentUuid,
          );
          await store.update(current, next, actorOf(caller));
        }
        return present(next, now);
      });
    },

    /** Records a function check by the caller; CheckedAt at most FUTURE_TOLERANCE_SECONDS ahead. */
    async addCheck(tenant: Tenant, caller: Writer, uuid: string, input: CheckInput): Promise<InstrumentCheckModel> {
      const instrument = await mustGet(tenant, uuid);
      const now = clock();
      if (isInTheFuture(input.CheckedAt, now))
        throw badRequest([
          { key: 'detail.future', params: { field: 'CheckedAt', minutes: FUTURE_TOLERANCE_SECONDS / 60 } },
        ]);
      // Time-ordered: of two checks in one second, the one recorded later is the last.
      const check = newCheck(instrument, mintTimeOrderedUuid(now), input, caller.sub, now);
      try {
        await store.addCheck(check, actorOf(caller));
      } catch (error) {
        if (error instanceof ConditionFailedError) throw notFound('instrument.not_found');
        throw error;
      }
      // The caller's name is the token's (the directory entry this write made may not be readable yet).
      return toCheckModel(check, new Map(caller.name ? [[caller.sub, caller.name]] : []));
    },

    /** An instrument's checks, newest first. */
    async checks(tenant: Tenant, uuid: string): Promise<Listing<InstrumentCheckModel>> {
      const [, all] = await Promise.all([mustGet(tenant, uuid), store.checks(tenant, uuid)]);
      const listing = capped(all);
      const names = await store.names(tenant.client, [...new Set(listing.items.map((c) => c.CheckedBy))]);
      return { ...listing, items: listing.items.map((c) => toCheckModel(c, names)) };
    },
  };
}
