import { notFound } from '../../shared/errors';
import { httpHandler } from '../../shared/http/handler';
import { statusOf } from '../../shared/operations/status';
import { executionRoutes } from '../../shared/routes/operations';

/** GET /service/executions/{executionId}: an execution's status, last progress and, once ended, its result or error. */
export const handler = httpHandler(executionRoutes.executionStatus, async (request) => {
  const status = await statusOf(request.params.executionId!, request.language);
  if (!status) throw notFound('operation.execution_not_found');
  return { body: status };
});
