/** What the container functions share beyond the service: addresses and the history cap. */
import { baseUrl } from '../../shared/http/request';
import type { ApiRequest } from '../../shared/http/types';

/** The absolute address of the request's container plus `suffix` (`/history/page/2`). */
export const containerUrl = (request: ApiRequest, suffix = '') => {
  const { clientUuid, facilityUuid, uuid } = request.params;
  return `${baseUrl(request)}/waste-management/api/v1/${clientUuid}/${facilityUuid}/container/${uuid}${suffix}`;
};

/** Up to this many history lines in the unpaginated listing (a Warning beyond, as the other listings). */
export const HISTORY_FIND_CAP = 1000;
