/**
 * The nuclide table: half-life (shared/domain/decay.ts) and the clearance levels of unrestricted
 * release, StrlSchV 2018 § 35: Anlage 4 Tabelle 1 Spalte 3 (Bq/g; for artificial nuclides the values
 * of Council Directive 2013/59/Euratom Annex VII Table A Part 1) and Spalte 5 (surface contamination,
 * Bq/cm²). Every figure below was read from the table as promulgated, BGBl. I 2018 S. 2034 (Anlage 4,
 * S. 2108 ff.); `row` names the row it was read from (a "+" row covers the daughters of its Tabelle 2
 * entry). An empty cell of the table is null here, as is a nuclide the table has no row for.
 */
import { HALF_LIVES } from './decay';

export const CLEARANCE_SOURCE =
  'StrlSchV 2018 § 35, Anlage 4 Tabelle 1 Spalte 3 (Bq/g) and Spalte 5 (Bq/cm²), BGBl. I 2018 S. 2034';

interface Clearance {
  /** The row of Anlage 4 Tabelle 1 the figures come from; null when the table has none. */
  row: string | null;
  /** Spalte 3: unrestricted release of solid and liquid substances, Bq/g. */
  bqPerG: number | null;
  /** Spalte 5: surface contamination, Bq/cm². */
  bqPerCm2: number | null;
}

/** One entry per nuclide of HALF_LIVES (a test keeps the two lists equal). */
export const CLEARANCE: Readonly<Record<string, Clearance>> = {
  'O-15': { row: 'O-15', bqPerG: 100, bqPerCm2: null },
  'N-13': { row: 'N-13', bqPerG: 100, bqPerCm2: null },
  'C-11': { row: 'C-11', bqPerG: 10, bqPerCm2: null },
  // Tabelle 1 has rows Rb-82m and Sr-82+ (Rb-82 as a daughter of Sr-82), none for Rb-82 alone.
  'Rb-82': { row: null, bqPerG: null, bqPerCm2: null },
  'Ga-68': { row: 'Ga-68', bqPerG: 10, bqPerCm2: null },
  'F-18': { row: 'F-18', bqPerG: 10, bqPerCm2: 1 },
  'Tc-99m': { row: 'Tc-99m', bqPerG: 100, bqPerCm2: 10 },
  'Cu-64': { row: 'Cu-64', bqPerG: 100, bqPerCm2: 10 },
  'I-123': { row: 'I-123', bqPerG: 100, bqPerCm2: 10 },
  'Ho-166': { row: 'Ho-166', bqPerG: 100, bqPerCm2: 100 },
  'Sm-153': { row: 'Sm-153', bqPerG: 100, bqPerCm2: 10 },
  'Y-90': { row: 'Y-90', bqPerG: 1000, bqPerCm2: 100 },
  'Mo-99': { row: 'Mo-99+', bqPerG: 10, bqPerCm2: 10 },
  'Tl-201': { row: 'Tl-201', bqPerG: 100, bqPerCm2: 10 },
  'Zr-89': { row: 'Zr-89+', bqPerG: 10, bqPerCm2: null },
  'In-111': { row: 'In-111+', bqPerG: 10, bqPerCm2: 10 },
  'Ga-67': { row: 'Ga-67', bqPerG: 100, bqPerCm2: null },
  'Re-186': { row: 'Re-186', bqPerG: 1000, bqPerCm2: 100 },
  'Xe-133': { row: 'Xe-133', bqPerG: 1000, bqPerCm2: null },
  'Lu-177': { row: 'Lu-177', bqPerG: 100, bqPerCm2: 100 },
  'I-131': { row: 'I-131', bqPerG: 10, bqPerCm2: 10 },
  'Ac-225': { row: 'Ac-225+', bqPerG: 10, bqPerCm2: null },
  'Ra-223': { row: 'Ra-223+', bqPerG: 100, bqPerCm2: 1 },
  'P-32': { row: 'P-32', bqPerG: 1000, bqPerCm2: 100 },
  'Cr-51': { row: 'Cr-51', bqPerG: 100, bqPerCm2: 100 },
  'Sr-89': { row: 'Sr-89+', bqPerG: 1000, bqPerCm2: 100 },
  'I-125': { row: 'I-125', bqPerG: 100, bqPerCm2: 10 },
  'Ge-68': { row: 'Ge-68+', bqPerG: 0.1, bqPerCm2: 1 },
  'Co-57': { row: 'Co-57', bqPerG: 1, bqPerCm2: 10 },
  'Cs-137': { row: 'Cs-137+', bqPerG: 0.1, bqPerCm2: 1 },
};

export interface NuclideModel {
  Nuclide: string;
  HalfLifeSeconds: number;
  ClearanceLevelBqPerG: number | null;
  SurfaceClearanceLevelBqPerCm2: number | null;
}

export const KNOWN_NUCLIDES: readonly string[] = Object.keys(HALF_LIVES);

export const clearanceLevel = (nuclide: string): number | null => CLEARANCE[nuclide]?.bqPerG ?? null;
export const surfaceClearanceLevel = (nuclide: string): number | null => CLEARANCE[nuclide]?.bqPerCm2 ?? null;

/** The public nuclide table, shortest half-life first. */
export function nuclideModels(): NuclideModel[] {
  return KNOWN_NUCLIDES.map((nuclide) => ({
    Nuclide: nuclide,
    HalfLifeSeconds: HALF_LIVES[nuclide]!,
    ClearanceLevelBqPerG: clearanceLevel(nuclide),
    SurfaceClearanceLevelBqPerCm2: surfaceClearanceLevel(nuclide),
  })).sort((a, b) => a.HalfLifeSeconds - b.HalfLifeSeconds);
}
