/** shared/domain/record-kind.ts: how every kind of record is made and changed. */
import { describe, expect, it } from 'vitest';
import { clearable, type DataOf, kept, required, writable } from '../../../shared/domain/fields';
import { recordKind } from '../../../shared/domain/record-kind';
import { AppError } from '../../../shared/errors';
import type { Detail } from '../../../shared/i18n/translate';

const TABLE = {
  Client: kept(),
  Name: required<string>(),
  Tags: writable<string[]>([]),
  Note: clearable<string>(),
} as const;
const noEmptyName = (data: DataOf<typeof TABLE>): Detail[] =>
  data.Name ? [] : [{ key: 'detail.required_when_solved', params: { field: 'Name' } }];
const kind = (unordered = false) => recordKind(TABLE, noEmptyName, { unordered });
const tenant = { client: 'c1', facility: 'f1' };
const t0 = new Date('2026-03-01T00:00:00Z');
const t1 = new Date('2026-03-02T00:00:00Z');
const statusOf = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    return (error as AppError).statusCode;
  }
};

describe('a kind of record', () => {
  it('lists its fields in order and its writable ones', () => {
    expect(kind().fields).toEqual(['Client', 'Name', 'Tags', 'Note']);
    expect(kind().writable).toEqual(['Name', 'Tags', 'Note']);
  });

  it('makes a record of its defaults and the body, and refuses a breach of its rules with 400', () => {
    expect(kind().create(tenant, 'u1', { Name: 'a' }, t0)).toEqual({
      Name: 'a',
      Tags: [],
      Note: null,
      Client: 'c1',
      Facility: 'f1',
      Uuid: 'u1',
      Version: 1,
      CreatedAt: '2026-03-01 00:00:00',
      UpdatedAt: '2026-03-01 00:00:00',
    });
    expect(statusOf(() => kind().create(tenant, 'u1', { Name: '' }, t0))).toBe(400);
  });

  it('answers the record itself when an update changes nothing, else its next version', () => {
    const current = kind().create(tenant, 'u1', { Name: 'a', Tags: ['x', 'y'] }, t0);
    expect(kind().update(current, { Name: 'a' }, t1)).toEqual({ next: current, changed: false });
    const { next, changed } = kind().update(current, { Note: 'n' }, t1);
    expect(changed).toBe(true);
    expect(next).toMatchObject({
      Note: 'n',
      Version: 2,
      UpdatedAt: '2026-03-02 00:00:00',
      CreatedAt: '2026-03-01 00:00:00',
    });
    // Arrays: in another order a change, unless the kind compares them as sets.
    expect(kind().update(current, { Tags: ['y', 'x'] }, t1).changed).toBe(true);
    expect(kind(true).update(current, { Tags: ['y', 'x'] }, t1).changed).toBe(false);
  });

  it('checks its rules, then the further check, on the merged record before it changes', () => {
    const current = kind().create(tenant, 'u1', { Name: 'a' }, t0);
    expect(statusOf(() => kind().update(current, { Name: '' }, t1))).toBe(400);
    const noNote = (_: unknown, merged: { Note: string | null }) => {
      if (merged.Note) throw new AppError(409, 'request.concurrent_update');
    };
    expect(statusOf(() => kind().update(current, { Note: 'n' }, t1, noNote))).toBe(409);
    expect(statusOf(() => kind().update(current, { Name: '', Note: 'n' }, t1, noNote))).toBe(400);
  });
});
