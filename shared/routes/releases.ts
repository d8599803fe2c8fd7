import { CONTAINER } from './containers';
import { REQUIRED_TEXT, type Route } from './types';

/** A facility's release register (StrlSchV § 86). */
const REGISTER = '/waste-management/api/v1/{clientUuid}/{facilityUuid}/release-register';
/** Who reads the register: the radiation protection officer and the reporting services. */
const REGISTER_READERS = ['rpo', 'reporter'];

/** The release of a container and the register of releases (beyond the interface: DESIGN §8). */
export const releaseRoutes = {
  release: {
    operation: 'container.release',
    method: 'POST',
    path: `${CONTAINER}/{uuid}/release`,
    entry: 'functions/container/release.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    records: 'write',
    roles: ['rpo'],
    answers: {
      404: ['container.not_found', 'clearance_notice.not_found'],
      409: [
        'container.clearance_not_reached',
        'container.release_state',
        'container.already_released',
        'container.waste_form_required',
        'container.waste_form_not_permitted',
        'container.notice_not_applicable',
        'container.disposal_mass_exceeded',
        'container.decision_measurement_required',
        'container.decision_measurement_stale',
        'container.detection_limit_too_high',
        'request.concurrent_update',
      ],
    },
    headers: { response: ['ETag'] },
  },
  register: {
    operation: 'releaseRegister.list',
    method: 'GET',
    path: REGISTER,
    entry: 'functions/container/release-register.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
    query: { year: REQUIRED_TEXT },
    roles: REGISTER_READERS,
    alternatives: ['text/csv'],
  },
  verify: {
    operation: 'releaseRegister.verify',
    method: 'GET',
    path: `${REGISTER}/verify`,
    entry: 'functions/container/release-register-verify.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
    records: 'read',
    query: { year: REQUIRED_TEXT },
    roles: REGISTER_READERS,
  },
  summary: {
    operation: 'releaseRegister.summary',
    method: 'GET',
    path: `${REGISTER}/summary`,
    entry: 'functions/container/release-register-summary.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
    query: { year: REQUIRED_TEXT },
    roles: REGISTER_READERS,
  },
} as const satisfies Record<string, Route>;
