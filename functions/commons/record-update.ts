/**
 * The PUT of a facility register's record (a clearance notice, an instrument): its body parsed by the record's schema,
 * the service's partial update under If-Match, the record's model with its ETag and the use case's notes.
 */
import type * as v from 'valibot';
import type { Caller } from '../../shared/auth/claims';
import type { Tenant } from '../../shared/data/table';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { callerOf, tenantOf } from '../../shared/http/request';
import { withTenant, type TenantServices } from '../../shared/http/tenant';
import type { MessageKey } from '../../shared/i18n/messages';
import type { NotificationSpec } from '../../shared/i18n/translate';
import type { Route } from '../../shared/routes/types';
import { parseBody } from '../../shared/schemas/body';

interface Updating<Patch> {
  update(
    tenant: Tenant,
    caller: Caller,
    uuid: string,
    patch: Patch,
    ifMatch: string | undefined,
  ): Promise<{ model: unknown; etag: string; notes?: readonly NotificationSpec[] }>;
}

export function recordUpdate<S extends v.GenericSchema>(
  route: Route,
  services: TenantServices<Updating<v.InferOutput<S>>>,
  body: { schema: S; members: { writable: readonly string[]; readOnly: readonly string[] } },
  reply: { model: string; success: MessageKey },
) {
  return httpHandler(
    route,
    withTenant(services, async (request, service) => {
      const { value, ignored } = parseBody(body.schema, request.body, body.members);
      const { model, etag, notes } = await service.update(
        tenantOf(request),
        callerOf(request),
        request.params.uuid!,
        value,
        request.header('if-match'),
      );
      return single(reply.model, model, {
        success: { key: reply.success },
        ignored,
        notes,
        language: request.language,
        headers: { ETag: etag },
      });
    }),
  );
}
