import { httpHandler } from '../../shared/http/handler';
import { single } from '../../shared/http/replies';
import { tenantOf } from '../../shared/http/request';
import { instrumentRoutes } from '../../shared/routes/facility';
import { instruments } from '../commons/facility';

export const handler = httpHandler(instrumentRoutes.load, async (request) => {
  const { model, etag, notes } = await (await instruments.of(request)).load(tenantOf(request), request.params.uuid!);
  return single('InstrumentModel', model, { notes, language: request.language, headers: { ETag: etag } });
});
