import { CONTAINER } from './containers';
import type { Route } from './types';

/** A container's decision measurements (beyond the interface: DESIGN §8; StrlSchV § 42 Abs. 2). */
export const measurementRoutes = {
  add: {
    operation: 'container.addMeasurement',
    summary:
      'The decision measurement of a container in DECAY or RELEASE_DATE_REACHED, by the caller, with a usable ' +
      'calibrated instrument fit for the geometry: activity, decision threshold and detection limit as ISO 11929-1 ' +
      "computes them with the calibration's uncertainty, and the " +
      "evaluation per release type. The container's ETag moves.",
    method: 'POST',
    path: `${CONTAINER}/{uuid}/measurement`,
    entry: 'functions/container/measurement-create.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    answers: {
      404: ['container.not_found', 'instrument.not_found'],
      409: [
        'container.measurement_state',
        'container.release_frozen',
        'container.measurement_before_decay',
        'container.measurement_inputs',
        'measurement.instrument_unfit',
        'instrument.not_usable',
        'instrument.not_calibrated',
        'request.concurrent_update',
      ],
    },
    headers: { response: ['ETag'] },
  },
  list: {
    operation: 'container.measurements',
    summary: "The container's decision measurements, newest MeasuredAt first.",
    method: 'GET',
    path: `${CONTAINER}/{uuid}/measurement`,
    entry: 'functions/container/measurements.ts',
    auth: 'token',
    data: 'read',
    files: 'none',
    answers: { 404: ['container.not_found'] },
  },
} as const satisfies Record<string, Route>;

/** A container's decay-in-storage survey (10 CFR 35.92(a)(1)): under the US regime only. */
export const surveyRoutes = {
  add: {
    operation: 'container.addSurvey',
    summary:
      "The survey of a container's surface for its disposal after decay-in-storage (10 CFR 35.92(a)(1); a facility " +
      'under US_NRC_10CFR35): a usable SURVEY_METER on its most sensitive scale, no shielding, the background and ' +
      'the surface reading in one unit. Recorded only when the surface cannot be distinguished from background ' +
      '(the net reading at or below its DIN ISO 11929-1 decision threshold, k = 1.645); above it, 409 naming both ' +
      "readings. The container's ETag moves.",
    method: 'POST',
    path: `${CONTAINER}/{uuid}/survey`,
    entry: 'functions/container/survey-create.ts',
    auth: 'token',
    data: 'write',
    files: 'none',
    answers: {
      404: ['container.not_found', 'instrument.not_found'],
      409: [
        'regime.not_applicable',
        'container.survey_state',
        'container.release_frozen',
        'container.measurement_before_decay',
        'survey.instrument_kind',
        'instrument.not_usable',
        'container.above_background',
        'request.concurrent_update',
      ],
    },
    headers: { response: ['ETag'] },
  },
} as const satisfies Record<string, Route>;
