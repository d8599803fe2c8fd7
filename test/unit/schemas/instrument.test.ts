/** shared/schemas/instrument.ts through parseBody: an instrument's and its function check's bodies. */
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../shared/schemas/body';
import {
  checkCreateSchema,
  checkMembers,
  instrumentCreateSchema,
  instrumentMembers,
} from '../../../shared/schemas/instrument';
import { refusal } from '../../support/body';

const valid = {
  Name: 'Freimessanlage Keller',
  Model: 'RTM661/Inka',
  SerialNumber: 'RTM-0815',
  Kind: 'FREE_RELEASE_MONITOR',
  CalibratedAt: '2026-01-15 00:00:00',
  CalibrationDueAt: '2027-01-15 00:00:00',
};

describe('instrument bodies', () => {
  it('create needs name, model, serial number, kind and the calibration dates', () => {
    expect(refusal(instrumentCreateSchema, {}, instrumentMembers)).toEqual([
      'Name: is required',
      'Model: is required',
      'SerialNumber: is required',
      'Kind: is required',
      'CalibratedAt: is required',
      'CalibrationDueAt: is required',
    ]);
    expect(parseBody(instrumentCreateSchema, valid, instrumentMembers).value).toMatchObject(valid);
  });

  it('takes an efficiency above 0 and at most 1, a known kind, a check interval of whole days up to a year', () => {
    const lines = refusal(
      instrumentCreateSchema,
      {
        ...valid,
        Kind: 'GEIGER',
        Calibrations: [
          { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0 },
          { Geometry: 'BOX', Nuclide: 'F-18', Efficiency: 1.5 },
        ],
        FunctionCheckIntervalDays: 0.5,
      },
      instrumentMembers,
    );
    expect(lines[0]).toMatch(/^Kind: must be one of FREE_RELEASE_MONITOR, /);
    expect(lines.slice(1)).toEqual([
      'Calibrations.0.Efficiency: must be greater than 0 and at most 1 (counts per second per Bq)',
      'Calibrations.1.Efficiency: must be greater than 0 and at most 1 (counts per second per Bq)',
      'FunctionCheckIntervalDays: must be a whole number from 1 to 365',
    ]);
  });

  it('calibrates each geometry and nuclide once', () => {
    const twice = { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1 };
    expect(refusal(instrumentCreateSchema, { ...valid, Calibrations: [twice, twice] }, instrumentMembers)).toEqual([
      'Calibrations: must not name a value twice',
    ]);
  });
});

describe('function check bodies', () => {
  it('need when and the result; a reading and a note are optional', () => {
    expect(refusal(checkCreateSchema, {}, checkMembers)).toEqual(['CheckedAt: is required', 'Result: is required']);
    const check = { CheckedAt: '2026-11-20 07:30:00', Result: 'PASS', Reading: 1520 };
    expect(parseBody(checkCreateSchema, { ...check, CheckedBy: 'x' }, checkMembers)).toEqual({
      value: check,
      ignored: ['CheckedBy'],
    });
  });
});
