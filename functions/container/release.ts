import { releaseRoutes } from '../../shared/routes/releases';
import { idempotentHandler } from '../../shared/http/idempotency';
import { callerOf, tenantOf } from '../../shared/http/request';
import { single } from '../../shared/http/replies';
import { parseBody } from '../../shared/schemas/body';
import { releaseBodySchema, releaseMembers } from '../../shared/schemas/release';
import { releasing } from '../commons/releases';
import { withTenant } from '../../shared/http/tenant';

export const handler = idempotentHandler(
  releaseRoutes.release,
  withTenant(releasing, async (request, service) => {
    const caller = callerOf(request);
    const { value } = parseBody(releaseBodySchema, request.body ?? {}, releaseMembers);
    const { model, etag, notes } = await service.releases.release(
      tenantOf(request),
      caller,
      request.params.uuid!,
      {
        type: value.ReleaseType ?? null,
        noticeUuid: value.ClearanceNoticeUuid ?? null,
        plant: value.DisposalPlant ?? null,
        justification: value.Justification ?? null,
        discrepancyCause: value.DiscrepancyCause ?? null,
      },
      request.requestId,
    );
    return single('ReleaseRecordModel', model, {
      success: { key: 'release.recorded', params: { document: model.RecordDocumentUuid } },
      notes,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
