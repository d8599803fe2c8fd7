import type { Route } from './types';

/** A facility's clearance notices and instruments (beyond the interface: DESIGN §8). */
const FACILITY = '/waste-management/api/v1/{clientUuid}/{facilityUuid}';
export const CLEARANCE_NOTICE = `${FACILITY}/clearance-notice`;
export const INSTRUMENT = `${FACILITY}/instrument`;
/** Definitions are the radiation protection officer's; any holder of the tenant reads them and records checks. */
const OFFICER = ['rpo'];
const reads = { auth: 'token', data: 'read', files: 'none' } as const;
const writes = { auth: 'token', data: 'write', files: 'none' } as const;

/** The authority's clearance notices a facility's releases rest on (StrlSchV § 33 Abs. 2, § 42 Abs. 1). */
export const clearanceNoticeRoutes = {
  create: {
    operation: 'clearanceNotice.create',
    method: 'POST',
    path: CLEARANCE_NOTICE,
    entry: 'functions/facility/clearance-notice-create.ts',
    ...writes,
    roles: OFFICER,
    headers: { response: ['ETag'] },
  },
  list: {
    operation: 'clearanceNotice.list',
    method: 'GET',
    path: CLEARANCE_NOTICE,
    entry: 'functions/facility/clearance-notice-list.ts',
    ...reads,
  },
  load: {
    operation: 'clearanceNotice.load',
    method: 'GET',
    path: `${CLEARANCE_NOTICE}/{uuid}`,
    entry: 'functions/facility/clearance-notice-load.ts',
    ...reads,
    answers: { 404: ['clearance_notice.not_found'] },
    headers: { response: ['ETag'] },
  },
  update: {
    operation: 'clearanceNotice.update',
    method: 'PUT',
    path: `${CLEARANCE_NOTICE}/{uuid}`,
    entry: 'functions/facility/clearance-notice-update.ts',
    ...writes,
    roles: OFFICER,
    answers: {
      404: ['clearance_notice.not_found'],
      409: ['clearance_notice.cited', 'request.concurrent_update'],
      412: ['request.precondition_failed'],
    },
    headers: { request: ['If-Match'], response: ['ETag'] },
  },
} as const satisfies Record<string, Route>;

/** The facility's instruments and their function checks (StrlSchV § 90 Abs. 4 and 5). */
export const instrumentRoutes = {
  create: {
    operation: 'instrument.create',
    method: 'POST',
    path: INSTRUMENT,
    entry: 'functions/facility/instrument-create.ts',
    ...writes,
    roles: OFFICER,
    headers: { response: ['ETag'] },
  },
  list: {
    operation: 'instrument.list',
    method: 'GET',
    path: INSTRUMENT,
    entry: 'functions/facility/instrument-list.ts',
    ...reads,
  },
  load: {
    operation: 'instrument.load',
    method: 'GET',
    path: `${INSTRUMENT}/{uuid}`,
    entry: 'functions/facility/instrument-load.ts',
    ...reads,
    answers: { 404: ['instrument.not_found'] },
    headers: { response: ['ETag'] },
  },
  update: {
    operation: 'instrument.update',
    method: 'PUT',
    path: `${INSTRUMENT}/{uuid}`,
    entry: 'functions/facility/instrument-update.ts',
    ...writes,
    roles: OFFICER,
    answers: {
      404: ['instrument.not_found'],
      412: ['request.precondition_failed'],
    },
    headers: { request: ['If-Match'], response: ['ETag'] },
  },
  addCheck: {
    operation: 'instrument.addCheck',
    method: 'POST',
    path: `${INSTRUMENT}/{uuid}/check`,
    entry: 'functions/facility/instrument-check-create.ts',
    ...writes,
    answers: { 404: ['instrument.not_found'] },
  },
  checks: {
    operation: 'instrument.checks',
    method: 'GET',
    path: `${INSTRUMENT}/{uuid}/check`,
    entry: 'functions/facility/instrument-checks.ts',
    ...reads,
    answers: { 404: ['instrument.not_found'] },
  },
} as const satisfies Record<string, Route>;
