/**
 * What every use case that changes a record needs, whatever the record: who writes, the client's precondition
 * (If-Match) and a reference to a document of the facility.
 */
import type { Caller } from '../auth/claims';
import type { Tenant } from '../data/table';
import { ifMatchHolds } from '../domain/record';
import { AppError, badRequest } from '../errors';

/** What a write needs of its caller: who (for the directory and the audit) and the roles (for the rules). */
export type Writer = Pick<Caller, 'sub' | 'name' | 'roles'>;

/** Who a record names as having written it. */
export const actorOf = (caller: Writer) => ({ sub: caller.sub, name: caller.name });

/** The 412 a write answers when the version its If-Match names is not (or no longer) the stored one. */
export const preconditionFailed = (ifMatch: string): AppError =>
  new AppError(412, 'request.precondition_failed', {
    details: [{ key: 'detail.if_match', params: { value: ifMatch } }],
  });

/** 412 when If-Match names another version than the stored one. */
export function checkIfMatch(ifMatch: string | undefined, etag: string): void {
  if (ifMatch !== undefined && !ifMatchHolds(ifMatch, etag)) throw preconditionFailed(ifMatch);
}

/** 400 naming `field` when `uuid` is no document of the facility (null, or the value it had, needs no look). */
export async function checkDocument(
  documentExists: (tenant: Tenant, uuid: string) => Promise<boolean>,
  tenant: Tenant,
  field: string,
  uuid: string | null | undefined,
  current: string | null = null,
): Promise<void> {
  if (uuid === null || uuid === undefined || uuid === current) return;
  if (!(await documentExists(tenant, uuid)))
    throw badRequest([{ key: 'detail.document_not_found', params: { field, uuid } }]);
}
