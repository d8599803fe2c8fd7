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
    summary:
      "Records the authority's clearance notice (role rpo): file number, authority, holder, site, validity, the " +
      'release types and waste forms it permits, its conditions and, for INDIVIDUAL, its limits.',
    method: 'POST',
    path: CLEARANCE_NOTICE,
    entry: 'functions/facility/clearance-notice-create.ts',
    ...writes,
    roles: OFFICER,
    headers: { response: ['ETag'] },
  },
  list: {
    operation: 'clearanceNotice.list',
    summary: "The facility's clearance notices, newest ValidFrom first.",
    method: 'GET',
    path: CLEARANCE_NOTICE,
    entry: 'functions/facility/clearance-notice-list.ts',
    ...reads,
  },
  load: {
    operation: 'clearanceNotice.load',
    summary: 'The clearance notice, with its ETag.',
    method: 'GET',
    path: `${CLEARANCE_NOTICE}/{uuid}`,
    entry: 'functions/facility/clearance-notice-load.ts',
    ...reads,
    answers: { 404: ['clearance_notice.not_found'] },
    headers: { response: ['ETag'] },
  },
  update: {
    operation: 'clearanceNotice.update',
    summary:
      'Partial update (role rpo); `null` clears; If-Match honoured. Once a release cites the notice, its types, ' +
      'forms, limits and dates are kept; ValidUntil can only close it (409 otherwise).',
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
    summary:
      'Records an instrument (role rpo) with its calibrations per geometry and nuclide; the answer says whether it ' +
      'is usable now and until when.',
    method: 'POST',
    path: INSTRUMENT,
    entry: 'functions/facility/instrument-create.ts',
    ...writes,
    roles: OFFICER,
    headers: { response: ['ETag'] },
  },
  list: {
    operation: 'instrument.list',
    summary: "The facility's instruments by name, each with whether it is usable now.",
    method: 'GET',
    path: INSTRUMENT,
    entry: 'functions/facility/instrument-list.ts',
    ...reads,
  },
  load: {
    operation: 'instrument.load',
    summary: 'The instrument with its ETag; an Info says why it is not usable now.',
    method: 'GET',
    path: `${INSTRUMENT}/{uuid}`,
    entry: 'functions/facility/instrument-load.ts',
    ...reads,
    answers: { 404: ['instrument.not_found'] },
    headers: { response: ['ETag'] },
  },
  update: {
    operation: 'instrument.update',
    summary: 'Partial update (role rpo); `null` clears; If-Match honoured.',
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
    summary: 'Records a function check by the caller; checks are kept as made.',
    method: 'POST',
    path: `${INSTRUMENT}/{uuid}/check`,
    entry: 'functions/facility/instrument-check-create.ts',
    ...writes,
    answers: { 404: ['instrument.not_found'] },
  },
  checks: {
    operation: 'instrument.checks',
    summary: "The instrument's function checks, newest first.",
    method: 'GET',
    path: `${INSTRUMENT}/{uuid}/check`,
    entry: 'functions/facility/instrument-checks.ts',
    ...reads,
    answers: { 404: ['instrument.not_found'] },
  },
} as const satisfies Record<string, Route>;

/** A facility's settings: its release regime, its time zone, its record language. */
export const settingsRoutes = {
  load: {
    operation: 'settings.load',
    summary:
      "The facility's settings: the release regime it works under (DE_STRLSCHV_2018 or US_NRC_10CFR35), its time " +
      'zone and its record language; a facility that has none gets the defaults, stored on this first read.',
    method: 'GET',
    path: `${FACILITY}/settings`,
    entry: 'functions/facility/settings-load.ts',
    // The first read stores the defaults.
    ...writes,
    headers: { response: ['ETag'] },
  },
  update: {
    operation: 'settings.update',
    summary:
      "Changes the facility's settings (role rpo); If-Match honoured. A new Regime brings its TimeZone and " +
      'RecordLanguage unless they are given, and is taken only while no container is in DECAY or later (409).',
    method: 'PUT',
    path: `${FACILITY}/settings`,
    entry: 'functions/facility/settings-update.ts',
    ...writes,
    roles: OFFICER,
    answers: {
      409: ['settings.regime_locked', 'request.concurrent_update'],
      412: ['request.precondition_failed'],
    },
    headers: { request: ['If-Match'], response: ['ETag'] },
  },
} as const satisfies Record<string, Route>;
