import { TEXT, type Route } from './types';

/** The containers of a facility (interface §4.3). */
export const CONTAINER = '/waste-management/api/v1/{clientUuid}/{facilityUuid}/container';
const notFound = { 404: ['container.not_found'] } as const;
/** The history's pages: `page` and `page/{page}` are one function. */
const historyPage = {
  operation: 'container.historyPage',
  summary: 'One page of the history, newest first.',
  method: 'GET',
  entry: 'functions/container/history-page.ts',
  auth: 'token',
  data: 'read',
  files: 'none',
  answers: notFound,
} as const;

/** Waste containers (interface §4.3). */
export const containerRoutes = {
  loadDefault: {
    operation: 'container.loadDefault',
    summary: 'The default attribute values. Public: it holds no data.',
    method: 'GET',
    path: CONTAINER,
    entry: 'functions/container/load-default.ts',
    auth: 'public',
    data: 'none',
    files: 'none',
  },
  load: {
    operation: 'container.load',
    summary: 'The container, with its ETag.',
    method: 'GET',
    path: `${CONTAINER}/{uuid}`,
    entry: 'functions/container/load.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
    answers: notFound,
    headers: { response: ['ETag'] },
  },
  create: {
    operation: 'container.create',
    summary: 'Creates a container (State OPEN unless given).',
    method: 'POST',
    path: CONTAINER,
    entry: 'functions/container/create.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    answers: {
      403: ['container.rpo_fields_forbidden'],
      409: [
        'container.initial_state',
        'container.release_state',
        'container.release_date_too_early',
        'container.labels_before_release',
      ],
    },
    headers: { response: ['ETag'] },
  },
  update: {
    operation: 'container.update',
    summary:
      'Partial update; `null` clears; If-Match honoured. Setting IsReleasedByRadiationProtectionOfficer runs the ' +
      'release, as POST .../release does.',
    method: 'PUT',
    path: `${CONTAINER}/{uuid}`,
    entry: 'functions/container/update.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    answers: {
      ...notFound,
      403: ['container.rpo_fields_forbidden'],
      409: [
        'container.state_change_forbidden',
        'container.release_required',
        'container.read_only',
        'container.clearance_not_reached',
        'container.release_state',
        'container.release_date_too_early',
        'container.release_frozen',
        'container.already_released',
        'container.dilution',
        'container.labels_kept',
        'container.labels_before_release',
        'container.labels_not_removed',
        'container.release_notice_ambiguous',
        'container.waste_form_required',
        'container.waste_form_not_permitted',
        'container.notice_not_applicable',
        'container.averaging_mass',
        'container.impurities_unknown',
        'container.decision_measurement_required',
        'container.decision_measurement_stale',
        'measurement.instrument_unfit',
        'container.detection_limit_too_high',
        'measurement.implausible',
        'request.concurrent_update',
      ],
      412: ['request.precondition_failed'],
    },
    headers: { request: ['If-Match'], response: ['ETag'] },
    // An update that sets the release runs the release act, with its record.
    records: 'write',
    pdf: true,
  },
  delete: {
    operation: 'container.delete',
    summary: 'Only while OPEN; answers the deleted container.',
    method: 'DELETE',
    path: `${CONTAINER}/{uuid}`,
    entry: 'functions/container/delete.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    answers: {
      ...notFound,
      409: ['container.delete_forbidden', 'container.holds_book_material', 'request.concurrent_update'],
    },
  },
  // Beyond the interface (DESIGN §8): contents, release assessment, history, the nuclide table.
  contents: {
    operation: 'container.contents',
    summary: 'What the container holds (at most 1,000, so never truncated).',
    method: 'GET',
    path: `${CONTAINER}/{uuid}/contents`,
    entry: 'functions/container/contents.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
    answers: notFound,
  },
  addContent: {
    operation: 'container.addContent',
    summary:
      "Adds a content while the container is OPEN; the container's ETag moves. A ContentId that names an item of " +
      'the material book moves it into the container (booked, its locked line kept): kind, nuclide and impurities ' +
      'come from the item, the activity is checked against what is left; any other is kept as entered (a Warning). ' +
      'Impurities [] for a nuclide with expected impurities is stated by role rpo with an ImpuritiesJustification.',
    method: 'POST',
    path: `${CONTAINER}/{uuid}/contents`,
    entry: 'functions/container/add-content.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    records: 'write',
    answers: {
      ...notFound,
      403: ['auth.role_required'],
      409: [
        'container.contents_locked',
        'container.release_frozen',
        'container.content_duplicate',
        'container.contents_full',
        'material.member_differs',
        'material.overdrawn',
        'material.used_up',
        'material.movements_full',
        'request.concurrent_update',
      ],
    },
    headers: { response: ['ETag'] },
  },
  removeContent: {
    operation: 'container.removeContent',
    summary: 'Removes a content while the container is OPEN.',
    method: 'DELETE',
    path: `${CONTAINER}/{uuid}/contents/{contentUuid}`,
    entry: 'functions/container/remove-content.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    // A content drawn from the material book goes back to store: a correcting line, kept locked.
    records: 'write',
    answers: {
      404: ['container.not_found', 'container.content_not_found'],
      409: ['container.contents_locked', 'container.release_frozen', 'request.concurrent_update'],
    },
    headers: { response: ['ETag'] },
  },
  releaseAssessment: {
    operation: 'container.releaseAssessment',
    summary:
      'The summation rule now for a release type, the predicted release date, and the newest decision measurement ' +
      'against the same values; with `Accept: image/svg+xml` the decay chart (the sum of ratios over time, the ' +
      'clearance line at 1, each decision measurement, the predicted and actual release) in the request language.',
    method: 'GET',
    path: `${CONTAINER}/{uuid}/release-assessment`,
    entry: 'functions/container/release-assessment.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
    query: { releaseType: TEXT, clearanceNoticeUuid: TEXT },
    answers: { 404: ['container.not_found', 'clearance_notice.not_found'] },
    alternatives: ['image/svg+xml'],
  },
  label: {
    operation: 'container.label',
    summary:
      "The container's radiation label, a PDF of 62 mm × 100 mm in the words of the facility's regime (StrlSchV § 91 " +
      'or 10 CFR 20.1904): the radiation sign and warning, the name, the nuclides, the activity estimated now, the ' +
      "dates sealed and of the predicted release, and a QR code of the container's API path.",
    method: 'GET',
    path: `${CONTAINER}/{uuid}/label`,
    entry: 'functions/container/label.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
    pdf: true,
    answers: { ...notFound, 409: ['container.label_released'] },
  },
  history: {
    operation: 'container.history',
    summary: 'Every change, newest first, up to 1,000 lines (a Warning beyond).',
    method: 'GET',
    path: `${CONTAINER}/{uuid}/history`,
    entry: 'functions/container/history.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
    answers: notFound,
  },
  historyPage: { ...historyPage, path: `${CONTAINER}/{uuid}/history/page` },
  historyPageNumber: { ...historyPage, path: `${CONTAINER}/{uuid}/history/page/{page}` },
  nuclides: {
    operation: 'container.nuclides',
    summary: 'The nuclide table with half-lives and clearance levels. Public.',
    method: 'GET',
    path: '/waste-management/api/v1/nuclides',
    entry: 'functions/container/nuclides.ts',
    auth: 'public',
    data: 'none',
    files: 'none',
  },
} as const satisfies Record<string, Route>;
