/** shared/domain/decision-measurement-fields.ts: a decision measurement's members in its model's order, everywhere. */
import { describe, expect, it } from 'vitest';
import type { DecisionMeasurement } from '../../../shared/domain/decision-measurement';
import {
  MEASUREMENT_FIELDS,
  NUCLIDE_FIELDS,
  ordered,
  pick,
  SNAPSHOT_FIELDS,
  SURFACE_FIELDS,
} from '../../../shared/domain/decision-measurement-fields';
import { measurementFixture } from '../../support/memory/release-sources';

/** The same object with its members in reverse order, at every level: as a stored item may come back. */
const reversed = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversed)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reversed(v)]),
        )
      : value;

describe('a decision measurement in order', () => {
  const {
    Client: _c,
    Facility: _f,
    ...stored
  } = measurementFixture({
    containerUuid: 'box',
    at: '2026-11-21 07:00:00',
    weightG: 10_000,
    fractions: { 'F-18': 0.9, 'I-131': 0.1 },
    valueUsed: 0.01,
    detectionLimit: 0.002,
    surface: { valueUsed: 0.1, detectionLimit: 0.05 },
  });
  const measurement = { ...stored, MeasuredByName: 'Ada' } as DecisionMeasurement;

  it("shows the members in the model's order at every level, whatever order they were stored in", () => {
    const m = ordered(reversed(measurement) as DecisionMeasurement);
    expect(Object.keys(m)).toEqual([...MEASUREMENT_FIELDS]);
    expect(Object.keys(m.Instrument)).toEqual([...SNAPSHOT_FIELDS]);
    expect(Object.keys(m.Nuclides[0]!)).toEqual([...NUCLIDE_FIELDS]);
    expect(Object.keys(m.Surface!)).toEqual([...SURFACE_FIELDS]);
    expect(Object.keys(m.Surface!.Nuclides[1]!)).toEqual([...NUCLIDE_FIELDS]);
    expect(m).toEqual(measurement);
  });

  it('keeps only the listed members, a missing one as null', () => {
    expect(pick(['Name', 'Model'], { Model: 'M', Extra: 1 })).toEqual({ Name: null, Model: 'M' });
    const { MeasuredByName: _, ...unnamed } = measurement;
    expect(ordered(unnamed as DecisionMeasurement).MeasuredByName).toBeNull();
  });
});
