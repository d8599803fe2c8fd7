import { documentRoutes } from '../../shared/routes/documents';
import { callerOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { report } from '../commons/documents';

/** GET /document/report-api/v1/document/{uuid}: for its facility in the token or role reporter; else 404. */
export const handler = httpHandler(documentRoutes.report, async (request) =>
  single('DocumentModel', await report(request)(callerOf(request), request.params.uuid!), {
    language: request.language,
  }),
);
