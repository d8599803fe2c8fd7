import { idempotentHandler } from '../../shared/http/idempotency';
import { single } from '../../shared/http/replies';
import { callerOf, tenantOf } from '../../shared/http/request';
import { withTenant } from '../../shared/http/tenant';
import { surveyRoutes } from '../../shared/routes/measurements';
import { parseBody } from '../../shared/schemas/body';
import { surveyCreateSchema, surveyMembers } from '../../shared/schemas/survey';
import { surveys } from '../commons/surveys';

export const handler = idempotentHandler(
  surveyRoutes.add,
  withTenant(surveys, async (request, service) => {
    const { value, ignored } = parseBody(surveyCreateSchema, request.body, surveyMembers);
    const { model, etag } = await service.add(
      tenantOf(request),
      callerOf(request),
      request.params.uuid!,
      value,
      request.requestId,
    );
    return single('SurveyModel', model, {
      success: { key: 'survey.recorded' },
      ignored,
      language: request.language,
      headers: { ETag: etag },
    });
  }),
);
