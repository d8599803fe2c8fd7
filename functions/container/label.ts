import { DEFAULT_TIME_ZONE } from '../../shared/domain/calendar';
import { DE_LABEL_WORDS } from '../../shared/domain/label';
import { httpHandler } from '../../shared/http/handler';
import { tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { renderLabel } from '../../shared/records/label-pdf';
import { containerRoutes } from '../../shared/routes/containers';
import { containers } from '../commons/containers';

export const handler = httpHandler(
  containerRoutes.label,
  withTenant(containers, async (request, service) => {
    const tenant = tenantOf(request);
    const uuid = request.params.uuid!;
    const path = containerRoutes.load.path
      .replace('{clientUuid}', tenant.client)
      .replace('{facilityUuid}', tenant.facility)
      .replace('{uuid}', uuid);
    const words = DE_LABEL_WORDS;
    const label = await service.label(tenant, uuid, path, words, DEFAULT_TIME_ZONE);
    // The renderer loads the PDF library and the QR encoder when a label is drawn, never at a cold start.
    const bytes = await renderLabel(label);
    return {
      body: undefined,
      raw: { contentType: 'application/pdf', bytes },
      headers: { 'Content-Language': words.language, 'Content-Disposition': `inline; filename="label-${uuid}.pdf"` },
    };
  }),
);
