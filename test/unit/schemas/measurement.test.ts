/** shared/schemas/measurement.ts: a decision measurement's body (and its 400 details) and its model. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ordered } from '../../../shared/domain/decision-measurement-fields';
import type { DecisionMeasurement } from '../../../shared/domain/decision-measurement';
import { parseBody } from '../../../shared/schemas/body';
import {
  MEASUREMENT_EXAMPLE,
  measurementCreateSchema,
  measurementMembers,
  measurementModel,
} from '../../../shared/schemas/measurement';
import { refusal } from '../../support/body';
import { measurementFixture } from '../../support/memory/release-sources';

// The documented example without its reason (a surface measurement may stand in for it).
const { NoFixedSurfaceReason: _reason, ...valid } = MEASUREMENT_EXAMPLE;
const surface = {
  Geometry: 'SURFACE',
  GrossCounts: 30,
  GrossTimeSeconds: 60,
  BackgroundCounts: 20,
  BackgroundTimeSeconds: 60,
  AveragingAreaCm2: 100,
};

describe('decision measurement bodies', () => {
  it('take the counting of a container geometry, with a surface part or a reason there is none', () => {
    expect(parseBody(measurementCreateSchema, { ...valid, Surface: surface }, measurementMembers).value).toMatchObject(
      valid,
    );
    expect(refusal(measurementCreateSchema, {}, measurementMembers)).toEqual([
      'InstrumentUuid: is required',
      'MeasuredAt: is required',
      'Geometry: is required',
      'GrossCounts: is required',
      'GrossTimeSeconds: is required',
      'BackgroundCounts: is required',
      'BackgroundTimeSeconds: is required',
    ]);
  });

  it('refuse SURFACE as the container geometry, fractional counts, and an averaging area over 1,000 cm²', () => {
    const lines = refusal(
      measurementCreateSchema,
      { ...valid, Geometry: 'SURFACE', GrossCounts: 1.5, Surface: { ...surface, AveragingAreaCm2: 1001 } },
      measurementMembers,
    );
    expect(lines.map((line) => line.split(':')[0])).toEqual(['Geometry', 'GrossCounts', 'Surface.AveragingAreaCm2']);
  });

  it('refuse a surface part together with a reason there is none', () => {
    const lines = refusal(
      measurementCreateSchema,
      { ...valid, Surface: surface, NoFixedSurfaceReason: 'Soft waste in a bag.' },
      measurementMembers,
    );
    expect(lines.map((line) => line.split(':')[0])).toEqual(['NoFixedSurfaceReason']);
  });

  it('answer a stored measurement, in order, as the model says', () => {
    const {
      Client: _c,
      Facility: _f,
      ...stored
    } = measurementFixture({
      containerUuid: '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a11',
      at: '2026-11-21 07:00:00',
      weightG: 10_000,
      fractions: { 'F-18': 1 },
      valueUsed: 0.01,
      detectionLimit: 0.002,
    });
    const model = ordered({ ...stored, MeasuredByName: null } as DecisionMeasurement);
    expect(v.safeParse(measurementModel, { ...model, Uuid: '5b7e2a90-1c44-4b8e-a3f1-6d2c9e8f7a12' }).success).toBe(
      true,
    );
    expect(v.safeParse(measurementModel, { ...model, Extra: 1 }).success).toBe(false);
  });
});
