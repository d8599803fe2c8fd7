import { containerLabelOf } from '../commons/label';
import { httpHandler } from '../../shared/http/handler';
import { routePath, tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { renderLabel } from '../../shared/records/label-pdf';
import { containerRoutes } from '../../shared/routes/containers';

export const handler = httpHandler(
  containerRoutes.label,
  withTenant(containerLabelOf, async (request, service) => {
    const uuid = request.params.uuid!;
    // The label's route has the container's variables: its QR code holds the container's own path.
    const label = await service.label(tenantOf(request), uuid, routePath(request, containerRoutes.load.path));
    // The renderer loads the PDF library and the QR encoder when a label is drawn, never at a cold start.
    const bytes = await renderLabel(label);
    return {
      body: undefined,
      raw: { contentType: 'application/pdf', bytes },
      headers: { 'Content-Language': label.language, 'Content-Disposition': `inline; filename="label-${uuid}.pdf"` },
    };
  }),
);
