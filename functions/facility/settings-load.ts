import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { settingsRoutes } from '../../shared/routes/facility';
import { settings } from '../commons/settings';

export const handler = httpHandler(
  settingsRoutes.load,
  withTenant(settings, async (request, service) => {
    const { model, etag } = await service.load(tenantOf(request));
    return single('FacilitySettingsModel', model, { language: request.language, headers: { ETag: etag } });
  }),
);
