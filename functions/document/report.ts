import { documentRoutes } from '../../shared/routes/documents';
import { callerOf } from '../../shared/http/request';
import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { report } from '../commons/documents';

export const handler = httpHandler(documentRoutes.report, async (request) =>
  single('DocumentModel', await report(request)(callerOf(request), request.params.uuid!), {
    language: request.language,
  }),
);
