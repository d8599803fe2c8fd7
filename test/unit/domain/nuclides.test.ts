/**
 * The nuclide table (shared/domain/nuclides.ts): one clearance entry per half-life, the figures of StrlSchV Anlage 4
 * Tabelle 1.
 */
import { describe, expect, it } from 'vitest';
import { HALF_LIVES } from '../../../shared/domain/decay';
import { CLEARANCE, clearanceLevel, nuclideModels } from '../../../shared/domain/nuclides';

describe('nuclide table', () => {
  it('has a clearance entry, cited or null, for every nuclide with a half-life, and no other', () => {
    expect(Object.keys(CLEARANCE).sort()).toEqual(Object.keys(HALF_LIVES).sort());
    for (const entry of Object.values(CLEARANCE))
      expect(entry.row === null).toBe(entry.bqPerG === null && entry.bqPerCm2 === null);
  });

  it('carries the Spalte 3 figures the issue asked to check (Bq/g)', () => {
    const expected = {
      'F-18': 10,
      'Ga-68': 10,
      'Tc-99m': 100,
      'I-123': 100,
      'I-131': 10,
      'Lu-177': 100,
      'Y-90': 1000,
      'In-111': 10,
      'Tl-201': 100,
      'Cu-64': 100,
      'Zr-89': 10,
    };
    expect(Object.fromEntries(Object.keys(expected).map((n) => [n, clearanceLevel(n)]))).toEqual(expected);
  });

  it('lists every nuclide, shortest half-life first, with null where the table has no figure', () => {
    const models = nuclideModels();
    expect(models).toHaveLength(Object.keys(HALF_LIVES).length);
    expect(models[0]).toEqual({
      Nuclide: 'Rb-82',
      HalfLifeSeconds: 75.45,
      ClearanceLevelBqPerG: null,
      SurfaceClearanceLevelBqPerCm2: null,
    });
    expect(models.find((m) => m.Nuclide === 'F-18')).toEqual({
      Nuclide: 'F-18',
      HalfLifeSeconds: 6586.2,
      ClearanceLevelBqPerG: 10,
      SurfaceClearanceLevelBqPerCm2: 1,
    });
  });
});
