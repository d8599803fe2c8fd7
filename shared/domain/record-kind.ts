/**
 * What every kind of record (a field table and its rules) does alike: a create body over the kind's defaults makes a
 * new record, a partial update (present members set, absent ones kept, null clears a nullable one) its next version;
 * each checked against the kind's rules first (400 naming every breach). Pure: no AWS, no HTTP.
 */
import { refuseBreaches } from '../errors';
import type { Detail } from '../i18n/translate';
import { type CreateOf, type DataOf, defaultsOf, type FieldTable, fieldsOf, writableFieldsOf } from './fields';
import { createdRecord, type RecordTenant, revised, type StoredRecord } from './record';

export function recordKind<T extends FieldTable>(
  table: T,
  breaches: (data: DataOf<T>) => Detail[],
  /** `unordered`: arrays compare as sets when telling whether an update changed anything. */
  options: { unordered?: boolean } = {},
) {
  const defaults = defaultsOf(table);
  const writable = writableFieldsOf(table);
  return {
    /** Every field in order (the response model's members). */
    fields: fieldsOf(table),
    writable,
    create: (tenant: RecordTenant, uuid: string, body: CreateOf<T>, now: Date): DataOf<T> & StoredRecord => {
      const data = { ...defaults, ...body } as DataOf<T>;
      refuseBreaches(breaches(data));
      return createdRecord(tenant, uuid, data, now);
    },
    /** `check`: a further rule between the record and its update (409 on a change the record forbids). */
    update: <R extends DataOf<T> & StoredRecord>(
      current: R,
      patch: Partial<DataOf<T>>,
      now: Date,
      check?: (current: R, merged: R) => void,
    ): { next: R; changed: boolean } => {
      const merged: R = { ...current, ...patch };
      refuseBreaches(breaches(merged));
      check?.(current, merged);
      return revised(current, merged, writable as readonly (keyof R & string)[], now, options.unordered);
    },
  };
}
