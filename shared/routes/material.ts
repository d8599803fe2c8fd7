import { FLAG, REQUIRED_TEXT, TEXT, type Route } from './types';

/** The facility's handling licence and its book of radioactive material (StrlSchV § 85; DESIGN §9). */
const FACILITY = '/waste-management/api/v1/{clientUuid}/{facilityUuid}';
export const LICENCE = `${FACILITY}/licence`;
export const MATERIAL = `${FACILITY}/material`;
const OFFICER = ['rpo'];
/** Who reads the reports to the authority: the radiation protection officer and the reporting services. */
const REPORTERS = ['rpo', 'reporter'];
const reads = { auth: 'token', data: 'read', files: 'none' } as const;
/** A booking writes its line in the table and its locked copy in the records bucket. */
const books = { auth: 'token', data: 'write', files: 'none', records: 'write' } as const;
const licenceNotFound = { 404: ['licence.not_found'] } as const;
const itemNotFound = { 404: ['material.not_found'] } as const;
/** What a booking checked against the licence may meet. */
const licenceConflicts = ['licence.exceeded', 'licence.none', 'request.concurrent_update'] as const;

const page = {
  operation: 'material.page',
  summary: 'One page of 100 of the facility’s items, newest receipt first; `?State=` narrows them.',
  method: 'GET',
  entry: 'functions/material/page.ts',
  ...reads,
  query: { State: TEXT },
} as const;

export const licenceRoutes = {
  create: {
    operation: 'licence.create',
    summary:
      "Records the facility's handling licence (role rpo): file number, authority, holder, validity, the activity " +
      'each nuclide may reach (with its daughters under its `+` row), and whether the sum rule applies.',
    method: 'POST',
    path: LICENCE,
    entry: 'functions/material/licence-create.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    roles: OFFICER,
    headers: { response: ['ETag'] },
  },
  list: {
    operation: 'licence.list',
    summary: "The facility's licences, newest ValidFrom first.",
    method: 'GET',
    path: LICENCE,
    entry: 'functions/material/licence-list.ts',
    ...reads,
  },
  load: {
    operation: 'licence.load',
    summary: 'The licence, with its ETag.',
    method: 'GET',
    path: `${LICENCE}/{uuid}`,
    entry: 'functions/material/licence-load.ts',
    ...reads,
    answers: licenceNotFound,
    headers: { response: ['ETag'] },
  },
  update: {
    operation: 'licence.update',
    summary:
      'Partial update (role rpo); `null` clears; If-Match honoured. Once a booking was checked against it, its ' +
      'limits, sum rule and dates stay (409): a later licence takes over from its ValidFrom.',
    method: 'PUT',
    path: `${LICENCE}/{uuid}`,
    entry: 'functions/material/licence-update.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    roles: OFFICER,
    answers: {
      ...licenceNotFound,
      409: ['licence.booked', 'request.concurrent_update'],
      412: ['request.precondition_failed'],
    },
    headers: { request: ['If-Match'], response: ['ETag'] },
  },
} as const satisfies Record<string, Route>;

export const materialRoutes = {
  create: {
    operation: 'material.create',
    summary:
      'Books a receipt (any user of the facility: it records what arrived) from its delivery certificate, checked ' +
      'against the licence in force at ReceivedAt; `?dryRun=true` checks a planned order and books nothing. Above ' +
      'the licence only an rpo books it, with LicenceExceeded.',
    method: 'POST',
    path: MATERIAL,
    entry: 'functions/material/create.ts',
    ...books,
    query: { dryRun: FLAG },
    answers: { 403: ['auth.role_required'], 409: [...licenceConflicts, 'material.certificate_taken'] },
  },
  list: {
    operation: 'material.list',
    summary: 'The facility’s items, oldest receipt first (up to 1,000; then a Warning); `?State=` narrows them.',
    method: 'GET',
    path: MATERIAL,
    entry: 'functions/material/list.ts',
    ...reads,
    query: { State: TEXT },
  },
  page: { ...page, path: `${MATERIAL}/page` },
  pageNumber: { ...page, path: `${MATERIAL}/page/{page}` },
  load: {
    operation: 'material.load',
    summary: 'The item, with what is left of it now.',
    method: 'GET',
    path: `${MATERIAL}/{uuid}`,
    entry: 'functions/material/load.ts',
    ...reads,
    answers: itemNotFound,
  },
  elute: {
    operation: 'material.elute',
    summary:
      'Books an elution of the generator: the eluate is a new item whose impurities are the measured breakthrough; ' +
      'checked against the licence like a receipt (`?dryRun=true` too).',
    method: 'POST',
    path: `${MATERIAL}/{uuid}/elution`,
    entry: 'functions/material/elute.ts',
    ...books,
    query: { dryRun: FLAG },
    answers: { ...itemNotFound, 409: [...licenceConflicts, 'material.not_generator', 'material.used_up'] },
  },
  addMovement: {
    operation: 'material.addMovement',
    summary:
      'Books where (part of) the item went: ADMINISTERED (applications, no patient data), TO_CONTAINER (a content of ' +
      'the waste container), RETURNED (to a supplier or licensee), LOST (role rpo), checked against what is left.',
    method: 'POST',
    path: `${MATERIAL}/{uuid}/movement`,
    entry: 'functions/material/movement-create.ts',
    ...books,
    answers: {
      ...itemNotFound,
      403: ['auth.role_required'],
      409: [
        'material.overdrawn',
        'material.used_up',
        'material.movements_full',
        'container.contents_locked',
        'container.release_frozen',
        'container.content_duplicate',
        'container.contents_full',
        'request.concurrent_update',
      ],
    },
  },
  movements: {
    operation: 'material.movements',
    summary: "The item's movements, oldest first.",
    method: 'GET',
    path: `${MATERIAL}/{uuid}/movement`,
    entry: 'functions/material/movements.ts',
    ...reads,
    answers: itemNotFound,
  },
  stock: {
    operation: 'material.stock',
    summary:
      'The stock per nuclide at the moment `?at=`, now by default: in store, in waste containers not yet released, ' +
      'the total, the licence in force then with its limit and ratio, and under the sum rule the sum of ratios.',
    method: 'GET',
    path: `${FACILITY}/stock`,
    entry: 'functions/material/stock.ts',
    ...reads,
    query: { at: TEXT },
  },
  monthReport: {
    operation: 'materialReport.month',
    summary:
      "The month's acquisitions, productions, transfers and other whereabouts (StrlSchV § 85 Abs. 1 Nr. 1), by the " +
      "facility's calendar, for role rpo or reporter: JSON, CSV (`Accept: text/csv`; German with `Accept-Language: " +
      'de`) or PDF/A-2b (`Accept: application/pdf`).',
    method: 'GET',
    path: `${FACILITY}/material-report/month`,
    entry: 'functions/material/report-month.ts',
    ...reads,
    pdf: true,
    query: { month: REQUIRED_TEXT },
    roles: REPORTERS,
    alternatives: ['text/csv', 'application/pdf'],
  },
  yearEndReport: {
    operation: 'materialReport.yearEnd',
    summary:
      'The stock at the end of the calendar year of the nuclides with half-lives over 100 days (StrlSchV § 85 Abs. 1 ' +
      'Nr. 3), for role rpo or reporter: JSON, CSV or PDF/A-2b.',
    method: 'GET',
    path: `${FACILITY}/material-report/year-end`,
    entry: 'functions/material/report-year-end.ts',
    ...reads,
    pdf: true,
    query: { year: REQUIRED_TEXT },
    roles: REPORTERS,
    alternatives: ['text/csv', 'application/pdf'],
  },
  verify: {
    operation: 'materialBook.verify',
    summary:
      "The year's book checked against itself and against the locked copies of its lines (StrlSchV § 85 Abs. 3), " +
      'for role rpo or reporter.',
    method: 'GET',
    path: `${FACILITY}/material-book/verify`,
    entry: 'functions/material/book-verify.ts',
    ...reads,
    records: 'read',
    query: { year: REQUIRED_TEXT },
    roles: REPORTERS,
  },
} as const satisfies Record<string, Route>;
