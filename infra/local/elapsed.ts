/**
 * What `npm run elapse` writes (infra/local/elapse.ts): a container's items with every recorded time in them moved
 * back, as if that time had passed. Pure.
 */
/** A recorded time, wherever it stands in an attribute (a key or an index key holds one among other parts). */
const TIME = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g;

export type Item = Record<string, unknown>;

const shiftTime = (text: string, ms: number) =>
  text.replace(TIME, (at) =>
    new Date(Date.parse(`${at.replace(' ', 'T')}Z`) - ms).toISOString().slice(0, 19).replace('T', ' '),
  );

/** A value with every recorded time in it moved back by `ms`, at any depth. */
function shift(value: unknown, ms: number): unknown {
  if (typeof value === 'string') return shiftTime(value, ms);
  if (Array.isArray(value)) return value.map((v) => shift(v, ms));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shift(v, ms)]));
  return value;
}

/**
 * The items of a container moved back by `minutes`: each to put, and the keys to delete where a key held a time (a
 * decision measurement sorts by its time). A released container: an error naming why.
 */
export function elapsed(
  items: readonly Item[],
  minutes: number,
): { put: Item[]; remove: { PK: string; SK: string }[] } {
  if (items.some((i) => i.Type === 'Container' && i.IsReleasedByRadiationProtectionOfficer === true))
    throw new Error('the container is released: its times are booked in the register and its record, they stay');
  const ms = minutes * 60_000;
  const put = items.map((item) => shift(item, ms) as Item);
  const remove = items
    .filter((item, i) => item.SK !== put[i]!.SK)
    .map((item) => ({ PK: String(item.PK), SK: String(item.SK) }));
  return { put, remove };
}
