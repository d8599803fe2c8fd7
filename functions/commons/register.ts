/** Wiring of the release register's readers: the register over the request's tenant session (no bucket, no PDF). */
import * as v from 'valibot';
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoReleaseRegister } from '../../shared/data/releases';
import { badRequest } from '../../shared/errors';
import { perTenant } from '../../shared/http/tenant';
import type { ApiRequest } from '../../shared/http/types';
import { yearQuery } from '../../shared/schemas/release';
import { registerService } from '../../shared/services/releases';

export const register = perTenant((session) =>
  registerService(dynamoReleaseRegister(tenantDocumentClient(session), config.tableName)),
);

/** At most this many lines of a year in one answer (a Lambda answer holds 6 MB; a facility releases far fewer). */
export const REGISTER_CAP = 5000;

/** The required `?year=YYYY` (0001 to 9999; its presence checked by the route's query): anything else is 400. */
export function yearOf(request: ApiRequest): number {
  const result = v.safeParse(yearQuery, request.query.year);
  if (!result.success) throw badRequest([{ key: 'detail.year', params: { field: 'year' } }]);
  return result.output;
}
