/** An instrument's schemas from its field table (shared/domain/instrument.ts), and its function checks'. */
import * as v from 'valibot';
import { GEOMETRIES } from '../domain/decision-measurement';
import {
  type Calibration,
  CHECK_INTERVAL_DAYS,
  CHECK_RESULTS,
  EFFICIENCY_REL_UNCERTAINTY,
  INSTRUMENT_KINDS,
  INSTRUMENT_TABLE,
  type InstrumentCheckModel,
  type InstrumentCreate,
  MAX_CALIBRATIONS,
} from '../domain/instrument';
import { KNOWN_NUCLIDES } from '../domain/nuclides';
import { isStorableNumber } from '../domain/values';
import { distinct, identifier, oneOf, positiveQuantity, quantity, schemasOf, text, timestamp } from './fields';

/** Counts per second per Bq: more than 0, at most 1 (a counter never counts more than every decay). */
export const efficiency = v.pipe(
  v.number('detail.type_number'),
  v.gtValue(0, 'detail.efficiency'),
  v.maxValue(1, 'detail.efficiency'),
  v.check(isStorableNumber, 'detail.efficiency'),
  v.description('Counts per second per Bq of the nuclide in the geometry (0 < ε ≤ 1).'),
  v.examples([0.1]),
);

/** A whole number from `min` to `max`. */
export const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.number('detail.type_number'),
    v.integer(`detail.whole_number_range:${min} to ${max}`),
    v.minValue(min, `detail.whole_number_range:${min} to ${max}`),
    v.maxValue(max, `detail.whole_number_range:${min} to ${max}`),
  );

const calibration = v.strictObject(
  {
    Geometry: oneOf(GEOMETRIES),
    Nuclide: oneOf(KNOWN_NUCLIDES as readonly string[]),
    Efficiency: efficiency,
    EfficiencyRelUncertainty: v.optional(
      v.pipe(
        v.number('detail.type_number'),
        v.minValue(EFFICIENCY_REL_UNCERTAINTY.min, 'detail.rel_uncertainty'),
        v.ltValue(EFFICIENCY_REL_UNCERTAINTY.below, 'detail.rel_uncertainty'),
        v.description(
          'The relative standard uncertainty of Efficiency from the calibration certificate (0.1 for 10 %): ' +
            'ISO 11929-1 carries it into u(a) and a#. 0 ≤ u < 0.5; default 0.',
        ),
      ),
      0,
    ),
    ProbeAreaCm2: v.optional(
      v.nullable(v.pipe(positiveQuantity, v.description('The probe area in cm², for SURFACE only.'))),
      null,
    ),
  },
  'detail.object_members',
);

const schemas = schemasOf(INSTRUMENT_TABLE, {
  writable: {
    Name: text(1, 128),
    Model: text(1, 128),
    SerialNumber: text(1, 64),
    Kind: oneOf(INSTRUMENT_KINDS),
    Calibrations: v.pipe(
      v.array(calibration, 'detail.min_items:0'),
      v.maxLength(MAX_CALIBRATIONS, `detail.max_items:${MAX_CALIBRATIONS}`),
      v.check(
        (items: Calibration[]) => distinct((c: Calibration) => `${c.Geometry}#${c.Nuclide}`)(items),
        'detail.no_repeats',
      ),
      v.description('Per geometry and nuclide, each pair once; SURFACE names the probe area.'),
    ),
    CalibratedAt: timestamp,
    CalibrationDueAt: v.pipe(
      timestamp,
      v.description('UTC date and time, YYYY-MM-DD HH:MM:SS, after CalibratedAt: the instrument is usable before it.'),
    ),
    CalibrationDocumentUuid: v.pipe(identifier, v.description('The certificate: a document of the same facility.')),
    FunctionCheckIntervalDays: wholeNumber(CHECK_INTERVAL_DAYS.min, CHECK_INTERVAL_DAYS.max),
  },
  computed: {
    UsableNow: v.pipe(
      v.boolean(),
      v.description('Calibrated, and its last function check passed within its interval.'),
    ),
    UsableUntil: v.pipe(
      v.nullable(timestamp),
      v.description("The earlier of CalibrationDueAt and the end of the last check's interval; null when not usable."),
    ),
  },
});

const EXAMPLE: InstrumentCreate = {
  Name: 'Freimessanlage Keller',
  Model: 'RTM661/Inka',
  SerialNumber: 'RTM-0815',
  Kind: 'FREE_RELEASE_MONITOR',
  Calibrations: [
    { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1, EfficiencyRelUncertainty: 0.1, ProbeAreaCm2: null },
  ],
  CalibratedAt: '2026-01-15 00:00:00',
  CalibrationDueAt: '2027-01-15 00:00:00',
};

export const instrumentCreateSchema = v.pipe(schemas.create, v.examples([EXAMPLE]));
export const instrumentUpdateSchema = v.pipe(schemas.update, v.examples([{ FunctionCheckIntervalDays: 14 }]));
export const instrumentStoredEntries = schemas.create.entries;
export const instrumentMembers = schemas.members;
/** InstrumentModel. */
export const instrumentModel = schemas.model;

/** The body of POST .../instrument/{uuid}/check: when, the result, a reading and a note. */
export const checkCreateSchema = v.pipe(
  v.object({
    CheckedAt: timestamp,
    Result: oneOf(CHECK_RESULTS),
    Reading: v.optional(
      v.nullable(v.pipe(quantity, v.description('What the instrument read on its check source, in its own unit.'))),
    ),
    Note: v.optional(v.nullable(text(1, 1000))),
  }),
  v.examples([{ CheckedAt: '2026-11-20 07:30:00', Result: 'PASS', Reading: 1520 }]),
);
const CHECK_WRITABLE = ['CheckedAt', 'Result', 'Reading', 'Note'];

/** InstrumentCheckModel. */
export const checkModel = v.strictObject({
  Uuid: identifier,
  InstrumentUuid: identifier,
  CheckedAt: timestamp,
  Result: oneOf(CHECK_RESULTS),
  Reading: v.nullable(v.number()),
  Note: v.nullable(v.string()),
  CheckedBy: v.string(),
  CheckedByName: v.nullable(v.string()),
  CreatedAt: timestamp,
} satisfies Record<keyof InstrumentCheckModel, v.GenericSchema>);

export const checkMembers = {
  writable: CHECK_WRITABLE,
  readOnly: Object.keys(checkModel.entries).filter((f) => !CHECK_WRITABLE.includes(f)),
};
