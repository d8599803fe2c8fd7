/** What the container functions share beyond the service: addresses and notes added to a reply. */
import { baseUrl } from '../../shared/http/request';
import type { ApiReply, ApiRequest } from '../../shared/http/types';
import { notification, type NotificationSpec } from '../../shared/i18n/translate';

/** The absolute address of the request's container plus `suffix` (`/history/page/2`). */
export const containerUrl = (request: ApiRequest, suffix = '') => {
  const { clientUuid, facilityUuid, uuid } = request.params;
  return `${baseUrl(request)}/waste-management/api/v1/${clientUuid}/${facilityUuid}/container/${uuid}${suffix}`;
};

/** The reply with Info/Warning notes after its own notifications. */
export function withNotes(
  reply: ApiReply,
  notes: readonly NotificationSpec[] | undefined,
  request: ApiRequest,
): ApiReply {
  if (!notes?.length) return reply;
  const body = reply.body as { Notifications: unknown[] };
  return {
    ...reply,
    body: { ...body, Notifications: [...body.Notifications, ...notes.map((n) => notification(n, request.language))] },
  };
}

/** Up to this many history lines in the unpaginated listing (a Warning beyond, as the other listings). */
export const HISTORY_FIND_CAP = 1000;
