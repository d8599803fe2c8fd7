import { containerRoutes } from '../../shared/routes/containers';
import { MAX_CONTENTS } from '../../shared/domain/container-contents';
import { nuclideModels } from '../../shared/domain/nuclides';
import { httpHandler } from '../../shared/http/handler';
import { wholeReply } from '../../shared/http/replies';

export const handler = httpHandler(containerRoutes.nuclides, async (request) => {
  const items = nuclideModels();
  return wholeReply(request, 'NuclideModelCollection', { items, total: items.length }, MAX_CONTENTS);
});
