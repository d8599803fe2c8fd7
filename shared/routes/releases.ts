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
    summary:
      'The radiation protection officer releases the container (role rpo); its record is archived as a PDF document ' +
      'under S3 Object Lock and booked in the release register.',
    method: 'POST',
    path: `${CONTAINER}/{uuid}/release`,
    entry: 'functions/container/release.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    records: 'write',
    pdf: true,
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
        'container.averaging_mass',
        'container.disposal_plant',
        'container.impurities_unknown',
        'container.decision_measurement_required',
        'container.decision_measurement_stale',
        'measurement.instrument_unfit',
        'container.detection_limit_too_high',
        'measurement.implausible',
        'regime.not_applicable',
        'container.labels_on',
        'container.survey_required',
        'request.concurrent_update',
      ],
    },
    headers: { response: ['ETag'] },
  },
  register: {
    operation: 'releaseRegister.list',
    summary:
      'The releases of a year in the facility (StrlSchV § 86), for role rpo or reporter; JSON, or CSV with `Accept: ' +
      'text/csv` (a header row, one line per release; German with `Accept-Language: de`).',
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
    summary:
      "The year's register chain checked against itself and against the locked copies of its lines and their PDFs " +
      '(StrlSchV § 86 Abs. 2), for role rpo or reporter.',
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
    summary:
      "The calendar year's released mass per type of release and, for disposal, per plant (StrlSchV § 86 Abs. 1 Nr. " +
      "2), counted in the facility's time zone, for the yearly report.",
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
