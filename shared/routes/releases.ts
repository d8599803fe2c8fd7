import { CONTAINER } from './containers';
import { REQUIRED_TEXT, type Route } from './types';

/** A facility's release register (StrlSchV § 86). */
const REGISTER = '/waste-management/api/v1/{clientUuid}/{facilityUuid}/release-register';
const registerReaders = { 403: ['auth.role_required'], 406: ['request.not_acceptable'] } as const;

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
    optionalBody: true,
    answers: {
      403: ['auth.role_required'],
      404: ['container.not_found'],
      409: [
        'container.clearance_not_reached',
        'container.release_state',
        'container.already_released',
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
    answers: registerReaders,
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
    answers: { 403: ['auth.role_required'] },
  },
} as const satisfies Record<string, Route>;
