/**
 * shared/services/writes.ts: what any record's write checks before it changes anything: the client's If-Match
 * (412 naming the value it sent) and a document reference of the facility (400 naming the field), and who it names.
 */
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../../shared/data/table';
import { actorOf, checkDocument, checkIfMatch } from '../../../shared/services/writes';
import { errorOf, rejection } from '../../support/errors';

const tenant = { client: 'c1', facility: 'f1' };

describe('a write of any record', () => {
  it('goes on without If-Match, with the current ETag among those listed, or with *', () => {
    for (const ifMatch of [undefined, '"u1.3"', '"u1.2", "u1.3"', '*'])
      expect(() => checkIfMatch(ifMatch, '"u1.3"')).not.toThrow();
  });

  it('answers 412 naming the If-Match it got when that names another version, or a weak one', () => {
    for (const ifMatch of ['"u1.2"', 'W/"u1.3"', '']) {
      const error = errorOf(() => checkIfMatch(ifMatch, '"u1.3"'));
      expect([error.statusCode, error.notification.key]).toEqual([412, 'request.precondition_failed']);
      expect(error.notification.details).toEqual([{ key: 'detail.if_match', params: { value: ifMatch } }]);
    }
  });

  it("answers 400 naming the field when a document is not the facility's; looks only at a new reference", async () => {
    const asked: string[] = [];
    const exists = async (where: Tenant, uuid: string) => {
      asked.push(uuid);
      return where.facility === 'f1' && uuid === 'scan';
    };
    await checkDocument(exists, tenant, 'DocumentUuid', 'scan');
    const error = await rejection(checkDocument(exists, { ...tenant, facility: 'f2' }, 'DocumentUuid', 'scan'));
    expect([error.statusCode, error.notification.details]).toEqual([
      400,
      [{ key: 'detail.document_not_found', params: { field: 'DocumentUuid', uuid: 'scan' } }],
    ]);
    asked.length = 0;
    for (const [uuid, current] of [
      [null, 'old'],
      [undefined, null],
      ['old', 'old'],
    ] as const)
      await checkDocument(exists, tenant, 'DocumentUuid', uuid, current);
    expect(asked).toEqual([]);
  });

  it('names its writer by id and name, not by roles', () => {
    expect(actorOf({ sub: 'ada', name: 'Ada Lovelace', roles: ['rpo'] })).toEqual({ sub: 'ada', name: 'Ada Lovelace' });
  });
});
