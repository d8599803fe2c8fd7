import { releaseRoutes } from '../../shared/routes/releases';
import { registerCsv } from '../../shared/domain/register-csv';
import { httpHandler } from '../../shared/http/handler';
import { negotiate, tenantOf } from '../../shared/http/request';
import { wholeReply } from '../../shared/http/replies';
import { REGISTER_CAP, register, yearOf } from '../commons/register';
import { withTenant } from '../../shared/http/tenant';

export const handler = httpHandler(
  releaseRoutes.register,
  withTenant(register, async (request, service) => {
    const year = yearOf(request);
    const tenant = tenantOf(request);
    const rows = await service.register(tenant, year);
    const listed = rows.slice(0, REGISTER_CAP);
    if (negotiate(request, ['application/json', ...releaseRoutes.register.alternatives]) === 'text/csv')
      return {
        body: undefined,
        // In German (Accept-Language: de) the CSV a German spreadsheet opens: `;`, decimal commas, a BOM.
        raw: {
          contentType: 'text/csv; charset=utf-8',
          text: registerCsv(await service.columns(tenant), listed, request.language),
        },
      };
    return wholeReply(
      request,
      'ReleaseRegisterModelCollection',
      { items: listed, total: rows.length, truncated: rows.length > REGISTER_CAP },
      REGISTER_CAP,
      'register.truncated',
    );
  }),
);
