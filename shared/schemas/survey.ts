/** A decay-in-storage survey (10 CFR 35.92(a)(1)): the body of POST .../survey and its answer (SurveyModel). */
import * as v from 'valibot';
import { type SurveyModel, SURVEY_UNITS } from '../domain/regimes/us-nrc-10cfr35/survey';
import { identifier, oneOf, text, timestamp } from './fields';

const nonNegative = v.pipe(
  v.number('detail.type_number'),
  v.finite('detail.type_number'),
  v.minValue(0, 'detail.non_negative'),
);
const positive = v.pipe(
  v.number('detail.type_number'),
  v.finite('detail.type_number'),
  v.gtValue(0, 'detail.positive'),
);

const reading = (what: string) =>
  v.pipe(
    v.strictObject(
      {
        Reading: v.pipe(nonNegative, v.description(`The ${what} reading, in Unit.`)),
        CountingTimeMinutes: v.optional(
          v.nullable(
            v.pipe(positive, v.description('Unit CPM: the counting time of the reading, minutes (required).')),
          ),
        ),
        StandardUncertainty: v.optional(
          v.nullable(
            v.pipe(
              nonNegative,
              v.description(
                "A dose rate's standard uncertainty in Unit (the meter's fluctuation): required for the background " +
                  'under USV_PER_H and UR_PER_H.',
              ),
            ),
          ),
        ),
      },
      'detail.object_members',
    ),
    v.description(`The ${what} reading.`),
  );

export const surveyCreateSchema = v.object({
  InstrumentUuid: v.pipe(identifier, v.description("The facility's SURVEY_METER, usable when the survey was taken.")),
  SurveyedAt: v.pipe(timestamp, v.description('When the survey was taken (UTC), since the container entered DECAY.')),
  Scale: v.pipe(
    text(1, 100),
    v.description('The meter\'s scale used: its most sensitive (35.92(a)(1)), e.g. "x0.1".'),
    v.examples(['x0.1']),
  ),
  NoShielding: v.pipe(
    v.literal(true, 'detail.no_shielding'),
    v.description('true: no shielding was interposed between the container and the meter (35.92(a)(1)).'),
  ),
  Unit: v.pipe(
    oneOf(SURVEY_UNITS),
    v.description(
      'The unit of both readings: CPM (counts per minute, with counting times) or a dose rate, USV_PER_H or ' +
        'UR_PER_H (1 µSv/h is taken as 100 µR/h).',
    ),
  ),
  Background: reading('background'),
  Surface: reading("container's surface"),
});
export const surveyMembers = { writable: Object.keys(surveyCreateSchema.entries), readOnly: [] as string[] };

const number = v.number();
const readingModel = v.strictObject({
  Reading: number,
  CountingTimeMinutes: v.nullable(number),
  StandardUncertainty: v.nullable(number),
});

export const surveyModel = v.strictObject({
  Uuid: identifier,
  ContainerUuid: identifier,
  SurveyedAt: timestamp,
  SurveyedBy: v.string(),
  SurveyedByName: v.nullable(v.string()),
  Instrument: v.strictObject({
    Uuid: identifier,
    Name: v.string(),
    Model: v.string(),
    SerialNumber: v.string(),
    CalibratedAt: timestamp,
    CalibrationDueAt: timestamp,
  }),
  Unit: v.picklist(SURVEY_UNITS),
  Scale: v.string(),
  NoShielding: v.literal(true),
  Background: readingModel,
  Surface: readingModel,
  NetReading: v.pipe(number, v.description('Surface minus background, in Unit.')),
  DecisionThreshold: v.pipe(number, v.description('y* = k · ũ(0) of the net reading (DIN ISO 11929-1), in Unit.')),
  CoverageFactor: v.pipe(number, v.description('k₁₋α = 1.645.')),
  AtBackground: v.pipe(v.boolean(), v.description('Always true: a survey above background is not recorded (409).')),
  CreatedAt: timestamp,
} satisfies Record<keyof SurveyModel, v.GenericSchema>);
