import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { settingsRoutes } from '../../shared/routes/facility';
import { parseBody } from '../../shared/schemas/body';
import { settingsMembers, settingsUpdateSchema } from '../../shared/schemas/settings';
import { settings } from '../commons/settings';

export const handler = httpHandler(
  settingsRoutes.update,
  withTenant(settings, async (request, service) => {
    const { value, ignored } = parseBody(settingsUpdateSchema, request.body, settingsMembers);
    const { model, etag } = await service.update(tenantOf(request), value, request.header('if-match'));
    return single('FacilitySettingsModel', model, {
      success: { key: 'settings.updated' },
      ignored,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
