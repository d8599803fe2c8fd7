import { clearanceNoticeRoutes } from '../../shared/routes/facility';
import { noticeMembers, noticeUpdateSchema } from '../../shared/schemas/clearance-notice';
import { notices } from '../commons/notices';
import { recordUpdate } from '../commons/record-update';

export const handler = recordUpdate(
  clearanceNoticeRoutes.update,
  notices,
  { schema: noticeUpdateSchema, members: noticeMembers },
  { model: 'ClearanceNoticeModel', success: 'clearance_notice.updated' },
);
