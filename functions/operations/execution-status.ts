import * as v from 'valibot';
import { badRequest, notFound } from '../../shared/errors';
import { httpHandler } from '../../shared/http/handler';
import { statusOf } from '../../shared/operations/status';
import { executionRoutes } from '../../shared/routes/operations';
import { issueDetails } from '../../shared/schemas/body';
import { executionId } from '../../shared/schemas/operation';

export const handler = httpHandler(executionRoutes.executionStatus, async (request) => {
  // Checked as the document says, before any call to Step Functions.
  const id = v.safeParse(v.object({ executionId }), request.params);
  if (!id.success) throw badRequest(issueDetails(id.issues));
  const status = await statusOf(id.output.executionId, request.language);
  if (!status) throw notFound('operation.execution_not_found');
  return { body: status };
});
