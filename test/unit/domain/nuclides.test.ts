/**
 * The nuclide table (shared/domain/nuclides.ts): one clearance entry per half-life, the figures of StrlSchV Anlage 4
 * Tabelle 1.
 */
import { describe, expect, it } from 'vitest';
import { HALF_LIVES } from '../../../shared/domain/decay';
import { CLEARANCE, clearanceLevel, EXPECTED_IMPURITIES, nuclideModels } from '../../../shared/domain/nuclides';

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
      Row: null,
      Note: expect.stringContaining('covered as the daughter of Sr-82+'),
      ExpectedImpurities: ['Sr-82', 'Sr-85'],
      ReleaseTypes: expect.any(Array),
    });
    expect(models.find((m) => m.Nuclide === 'F-18')).toEqual({
      Nuclide: 'F-18',
      HalfLifeSeconds: 6586.2,
      ClearanceLevelBqPerG: 10,
      SurfaceClearanceLevelBqPerCm2: 1,
      Row: 'F-18',
      Note: null,
      ExpectedImpurities: [],
      ReleaseTypes: [
        {
          ReleaseType: 'UNRESTRICTED',
          Columns: '§ 35: Anlage 4 Tabelle 1 Spalte 3; Anlage 4 Tabelle 1 Spalte 5',
          ClearanceLevelBqPerG: 10,
          SurfaceClearanceLevelBqPerCm2: 1,
          WasteForms: ['SOLID', 'LIQUID_ORGANIC', 'OIL'],
        },
        {
          ReleaseType: 'SPECIFIC_LANDFILL',
          Columns: '§ 36 Abs. 1 Nr. 3: Anlage 4 Tabelle 1 Spalte 8; Anlage 4 Tabelle 1 Spalte 5',
          ClearanceLevelBqPerG: null,
          SurfaceClearanceLevelBqPerCm2: 1,
          WasteForms: ['SOLID'],
        },
        {
          ReleaseType: 'SPECIFIC_INCINERATION',
          Columns: '§ 36 Abs. 1 Nr. 4: Anlage 4 Tabelle 1 Spalte 9; Anlage 4 Tabelle 1 Spalte 5',
          ClearanceLevelBqPerG: null,
          SurfaceClearanceLevelBqPerCm2: 1,
          WasteForms: ['SOLID', 'LIQUID_ORGANIC', 'OIL'],
        },
        {
          ReleaseType: 'INDIVIDUAL',
          Columns: '§ 37: Freigabebescheid (Einzelfall); Freigabebescheid (Einzelfall)',
          ClearanceLevelBqPerG: null,
          SurfaceClearanceLevelBqPerCm2: null,
          WasteForms: ['SOLID', 'LIQUID_AQUEOUS', 'LIQUID_ORGANIC', 'OIL', 'GAS'],
        },
      ],
    });
  });

  it('carries Spalte 8 (landfill) and 9 (incinerator) as printed, and the impurities to ask for', () => {
    const value = (type: string) => (nuclide: string) =>
      nuclideModels()
        .find((m) => m.Nuclide === nuclide)!
        .ReleaseTypes.find((t) => t.ReleaseType === type)!.ClearanceLevelBqPerG;
    // Spalte 8 / 9: I-131 50 / 70, Ge-68+ 10 / 10, Sr-90+ 6 / 40, Cr-51 500 / 900; F-18's cells are empty.
    const nuclides = ['I-131', 'Ge-68', 'Sr-90', 'Cr-51', 'F-18'];
    expect(nuclides.map(value('SPECIFIC_LANDFILL'))).toEqual([50, 10, 6, 500, null]);
    expect(nuclides.map(value('SPECIFIC_INCINERATION'))).toEqual([70, 10, 40, 900, null]);
    for (const [nuclide, impurities] of Object.entries(EXPECTED_IMPURITIES)) {
      expect(HALF_LIVES[nuclide], nuclide).toBeDefined();
      for (const impurity of impurities) expect(CLEARANCE[impurity]?.bqPerG, impurity).not.toBeNull();
    }
  });

  it('has the rows of generator waste and carrier-added Lu-177 (Anlage 4 Tabelle 1, BGBl. I 2018 S. 2034)', () => {
    const rows = Object.fromEntries(
      nuclideModels()
        .filter((m) => ['Lu-177m', 'Sr-82', 'Sr-85'].includes(m.Nuclide))
        .map((m) => [m.Nuclide, [m.Row, m.ClearanceLevelBqPerG, m.SurfaceClearanceLevelBqPerCm2]]),
    );
    // Spalte 3; Spalte 5 for Sr-85, the note's default b) (beta and gamma, 1 Bq/cm²) for the empty cells.
    expect(rows).toEqual({ 'Lu-177m': ['Lu-177m+', 0.1, 1], 'Sr-82': ['Sr-82+', 1, 1], 'Sr-85': ['Sr-85', 1, 1] });
    expect(HALF_LIVES['Lu-177m']! / 86400).toBeCloseTo(160.4, 1);
  });

  it('an empty Spalte 5 cell takes the default of the note by kind of emitter, and says so', () => {
    const of = (nuclide: string) => nuclideModels().find((m) => m.Nuclide === nuclide)!;
    expect(of('Ac-225')).toMatchObject({
      SurfaceClearanceLevelBqPerCm2: 0.1,
      Note: expect.stringContaining('letter a'),
    });
    expect(of('Ga-67')).toMatchObject({
      SurfaceClearanceLevelBqPerCm2: 100,
      Note: expect.stringContaining('letter c'),
    });
    expect(of('O-15')).toMatchObject({ SurfaceClearanceLevelBqPerCm2: 1, Note: expect.stringContaining('letter b') });
  });
});
