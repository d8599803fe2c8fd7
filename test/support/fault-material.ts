/**
 * The material book's writes in the fault matrix (test/support/fault-writes.ts lists them with the others): the licence
 * its bookings are held against, a receipt and a movement, each retried with its key; afterwards the licence, the item
 * or its movement is there once, and the book's chain is whole: verify is Valid, or it names the gap and the rebuild
 * closes it.
 */
import { keys } from '../../shared/data/table';
import { call, eventually, token } from './api';
import { exactly, itemsOf, recordCreate, request } from './fault-calls';
import type { MatrixWrite, Tenant } from './fault-matrix';
import {
  bookedEluate,
  bookVerifyPath,
  createLicence,
  generatorBody,
  LICENCE_BODY,
  licencePath,
  materialPath,
} from './material';
import { at, rpoOf } from './registers';

/** The book of this year verified; if it names a gap, rebuilt and verified again: what broke, if it stays broken. */
async function bookWhole(t: Tenant): Promise<string[]> {
  const verify = async () =>
    (await call('GET', bookVerifyPath(t, new Date().getUTCFullYear()), { token: rpoOf(t) })).body
      ?.MaterialBookVerificationModel;
  if ((await verify())?.Valid) return [];
  const operator = token({ roles: ['operator'] });
  const started = await call('GET', `/service/rebuild-release-register/${t.client}/${t.facility}`, { token: operator });
  await eventually(async () => {
    const r = await call('GET', `/service/executions/${started.body.ExecutionId}`, { token: operator });
    return r.body.Status === 'RUNNING' ? undefined : r;
  }, 30_000);
  const rebuilt = await verify();
  return rebuilt?.Valid ? [] : [`book: ${JSON.stringify(rebuilt?.Missing ?? rebuilt)}`];
}

const receipt: MatrixWrite<{ body: object }> = {
  name: 'material receipt',
  fn: 'route:material.create',
  async prepare(t) {
    await createLicence(t);
    return { body: generatorBody() };
  },
  attempt: (t, { body }, o) => request('POST', materialPath(t), t.token, body, o),
  async check(t, _c, answers) {
    return [
      ...exactly('items', await itemsOf(t, keys.material('')), answers.at(-1)?.body?.MaterialModel?.Uuid),
      ...(await bookWhole(t)),
    ];
  },
};

const movement: MatrixWrite<{ eluate: string; body: object }> = {
  name: 'material movement',
  fn: 'route:material.addMovement',
  async prepare(t) {
    const { eluate } = await bookedEluate(t);
    return {
      eluate: eluate.Uuid as string,
      body: { Kind: 'ADMINISTERED', ActivityBq: 1e8, MovedAt: at(), Applications: 1 },
    };
  },
  attempt: (t, { eluate, body }, o) => request('POST', materialPath(t, `/${eluate}/movement`), t.token, body, o),
  async check(t, { eluate }, answers) {
    const [item] = await itemsOf(t, keys.material(eluate));
    const movements = (item?.Movements ?? []) as Record<string, unknown>[];
    return [
      ...exactly('movements', movements, answers.at(-1)?.body?.MaterialMovementModel?.Uuid),
      ...(await bookWhole(t)),
    ];
  },
};

/** The handling licence the book's bookings are held against: one licence, whichever attempt created it. */
const licenceCreate = recordCreate({
  name: 'licence create',
  operation: 'licence.create',
  path: (t) => licencePath(t),
  body: LICENCE_BODY,
  model: 'LicenceModel',
  prefix: keys.licence(''),
  roles: ['rpo'],
});

export const MATERIAL_WRITES: readonly MatrixWrite[] = [licenceCreate, receipt, movement];
