/**
 * The nuclide table: half-life (shared/domain/decay.ts) and the clearance levels of unrestricted
 * release, StrlSchV 2018 § 35: Anlage 4 Tabelle 1 Spalte 3 (Bq/g; for artificial nuclides the values
 * of Council Directive 2013/59/Euratom Annex VII Table A Part 1) and Spalte 5 (surface contamination,
 * Bq/cm²). Every figure below was read from the table as promulgated, BGBl. I 2018 S. 2034 (Anlage 4,
 * S. 2108 ff.); `row` names the row it was read from (a "+" row covers the daughters of its Tabelle 2
 * entry). An empty cell of the table is null here, as is a nuclide the table has no row for.
 *
 * Where Spalte 5 is empty, the table's note to Spalte 5 lets default values be used instead of a
 * calculation for the single case: a) alpha emitters 0.1 Bq/cm², b) beta and gamma emitters 1 Bq/cm²,
 * c) electron capture and beta emitters below 0.2 MeV 100 Bq/cm². `surfaceDefault` names the letter
 * that applies; where a nuclide (or a daughter its "+" row covers) falls under two letters, the lower
 * value.
 */
import { HALF_LIVES } from './decay';
import { RELEASE_TYPE_RULES, RELEASE_TYPES, type ReleaseType, type WasteForm } from './release-types';

export const CLEARANCE_SOURCE =
  'StrlSchV 2018 § 35, Anlage 4 Tabelle 1 Spalte 3 (Bq/g) and Spalte 5 (Bq/cm²), BGBl. I 2018 S. 2034';

/** The default values of the note to Spalte 5 (Erläuterung zu Spalte 5), by its letters. */
const SURFACE_DEFAULTS = {
  a: { bqPerCm2: 0.1, emitters: 'alpha emitters and nuclides decaying by spontaneous fission' },
  b: { bqPerCm2: 1, emitters: 'beta and gamma emitters not under c' },
  c: { bqPerCm2: 100, emitters: 'electron capture emitters and beta emitters of at most 0.2 MeV' },
} as const;
type SurfaceDefault = keyof typeof SURFACE_DEFAULTS;

interface Clearance {
  /** The row of Anlage 4 Tabelle 1 the figures come from; null when the table has none. */
  row: string | null;
  /** Spalte 3: unrestricted release of solid and liquid substances, Bq/g. */
  bqPerG: number | null;
  /** Spalte 5: surface contamination, Bq/cm². */
  bqPerCm2: number | null;
  /**
   * Spalte 8 (solids up to 100 Mg/a for disposal on a landfill) and Spalte 9 (up to 100 Mg/a for disposal in an
   * incinerator), Bq/g: the values of the specific release for disposal (§ 36 Abs. 1 Nr. 3 and 4). Absent where the
   * table's cell is empty: the nuclide has no such value, and its release for disposal is a case for § 37.
   */
  landfill?: number;
  incineration?: number;
  /** For an empty Spalte 5: the letter of the note to Spalte 5 whose default applies. */
  surfaceDefault?: SurfaceDefault;
  /** What a reader of the nuclide table should know of this entry. */
  note?: string;
}

/** One entry per nuclide of HALF_LIVES (a test keeps the two lists equal). */
export const CLEARANCE: Readonly<Record<string, Clearance>> = {
  'O-15': { row: 'O-15', bqPerG: 100, bqPerCm2: null, surfaceDefault: 'b' },
  'N-13': { row: 'N-13', bqPerG: 100, bqPerCm2: null, surfaceDefault: 'b' },
  'C-11': { row: 'C-11', bqPerG: 10, bqPerCm2: null, surfaceDefault: 'b' },
  'Rb-82': {
    row: null,
    bqPerG: null,
    bqPerCm2: null,
    note:
      'Tabelle 1 has no row for Rb-82 (only Rb-82m); Rb-82 is covered as the daughter of Sr-82+. Record generator ' +
      'waste as Sr-82 (and Sr-85), or Rb-82 with its Sr-82 and Sr-85 impurities: Rb-82 alone has no value, and a ' +
      'container holding it is released only in the individual case (§ 37 Abs. 1 Nr. 2) on values of the notice.',
  },
  'Ga-68': { row: 'Ga-68', bqPerG: 10, bqPerCm2: null, surfaceDefault: 'b' },
  'F-18': { row: 'F-18', bqPerG: 10, bqPerCm2: 1 },
  'Tc-99m': { row: 'Tc-99m', bqPerG: 100, bqPerCm2: 10 },
  'Cu-64': { row: 'Cu-64', bqPerG: 100, bqPerCm2: 10 },
  'I-123': { row: 'I-123', bqPerG: 100, bqPerCm2: 10 },
  'Ho-166': { row: 'Ho-166', bqPerG: 100, bqPerCm2: 100 },
  'Sm-153': { row: 'Sm-153', bqPerG: 100, bqPerCm2: 10 },
  'Y-90': { row: 'Y-90', bqPerG: 1000, bqPerCm2: 100 },
  'Mo-99': { row: 'Mo-99+', bqPerG: 10, bqPerCm2: 10 },
  'Tl-201': { row: 'Tl-201', bqPerG: 100, bqPerCm2: 10 },
  // Electron capture with a positron branch of 0.9 MeV: letters b and c, the lower value.
  'Zr-89': { row: 'Zr-89+', bqPerG: 10, bqPerCm2: null, surfaceDefault: 'b' },
  'In-111': { row: 'In-111+', bqPerG: 10, bqPerCm2: 10 },
  'Ga-67': { row: 'Ga-67', bqPerG: 100, bqPerCm2: null, surfaceDefault: 'c' },
  'Re-186': { row: 'Re-186', bqPerG: 1000, bqPerCm2: 100 },
  'Xe-133': { row: 'Xe-133', bqPerG: 1000, bqPerCm2: null, surfaceDefault: 'b' },
  'Lu-177': { row: 'Lu-177', bqPerG: 100, bqPerCm2: 100 },
  'I-131': { row: 'I-131', bqPerG: 10, bqPerCm2: 10, landfill: 50, incineration: 70 },
  'Ac-225': { row: 'Ac-225+', bqPerG: 10, bqPerCm2: null, surfaceDefault: 'a' },
  'Ra-223': { row: 'Ra-223+', bqPerG: 100, bqPerCm2: 1, landfill: 30, incineration: 60 },
  // Sr-82+ covers Rb-82 (Tabelle 2), a positron emitter: letter b.
  'Sr-82': { row: 'Sr-82+', bqPerG: 1, bqPerCm2: null, surfaceDefault: 'b' },
  'P-32': { row: 'P-32', bqPerG: 1000, bqPerCm2: 100, landfill: 1000, incineration: 1000 },
  'Cr-51': { row: 'Cr-51', bqPerG: 100, bqPerCm2: 100, landfill: 500, incineration: 900 },
  'Sr-89': { row: 'Sr-89+', bqPerG: 1000, bqPerCm2: 100, landfill: 1000, incineration: 1000 },
  'I-125': { row: 'I-125', bqPerG: 100, bqPerCm2: 10, landfill: 800, incineration: 1000 },
  'Sr-85': { row: 'Sr-85', bqPerG: 1, bqPerCm2: 1, landfill: 30, incineration: 40 },
  // Carrier-added Lu-177; Lu-177m+ covers Lu-177 and Hf-177m (Tabelle 2), beta emitters above 0.2 MeV: letter b.
  'Lu-177m': { row: 'Lu-177m+', bqPerG: 0.1, bqPerCm2: null, surfaceDefault: 'b' },
  'Ge-68': { row: 'Ge-68+', bqPerG: 0.1, bqPerCm2: 1, landfill: 10, incineration: 10 },
  'Co-57': { row: 'Co-57', bqPerG: 1, bqPerCm2: 10, landfill: 100, incineration: 100 },
  'Cs-137': { row: 'Cs-137+', bqPerG: 0.1, bqPerCm2: 1, landfill: 10, incineration: 10 },
  // Impurities of generator eluates and cyclotron products (EXPECTED_IMPURITIES).
  'Sr-90': { row: 'Sr-90+', bqPerG: 1, bqPerCm2: 1, landfill: 6, incineration: 40 },
  'In-114m': { row: 'In-114m+', bqPerG: 10, bqPerCm2: 10, landfill: 100, incineration: 100 },
  'Ac-227': { row: 'Ac-227+', bqPerG: 0.01, bqPerCm2: 1, landfill: 0.1, incineration: 0.1 },
  'Tl-202': { row: 'Tl-202', bqPerG: 10, bqPerCm2: 10, landfill: 40, incineration: 60 },
};

/**
 * The impurities a content of a nuclide is to be asked for (its certificate names them): the long-lived parent of a
 * generator eluate (Ge-68 in Ga-68, Mo-99 in Tc-99m, Sr-82 and Sr-85 in Rb-82, Sr-90 in Y-90, Ac-227 in Ra-223) and
 * the long-lived by-products of production (Lu-177m in carrier-added Lu-177, In-114m in In-111, Tl-202 in Tl-201,
 * I-125 in I-123, Ac-227 in accelerator-made Ac-225).
 */
export const EXPECTED_IMPURITIES: Readonly<Record<string, readonly string[]>> = {
  'Ga-68': ['Ge-68'],
  'Tc-99m': ['Mo-99'],
  'Rb-82': ['Sr-82', 'Sr-85'],
  'Y-90': ['Sr-90'],
  'Lu-177': ['Lu-177m'],
  'In-111': ['In-114m'],
  'Tl-201': ['Tl-202'],
  'I-123': ['I-125'],
  'Ra-223': ['Ac-227'],
  'Ac-225': ['Ac-227'],
};

/** A release type's values for a nuclide and the waste forms it covers (INDIVIDUAL: the notice sets the values). */
export interface NuclideReleaseType {
  ReleaseType: ReleaseType;
  Columns: string;
  ClearanceLevelBqPerG: number | null;
  SurfaceClearanceLevelBqPerCm2: number | null;
  WasteForms: WasteForm[];
}

export interface NuclideModel {
  Nuclide: string;
  HalfLifeSeconds: number;
  ClearanceLevelBqPerG: number | null;
  /** Spalte 5, or the default of its note where the cell is empty (Note says which). */
  SurfaceClearanceLevelBqPerCm2: number | null;
  /** The row of Tabelle 1 the figures come from (a "+" row covers daughters); null when it has none. */
  Row: string | null;
  Note: string | null;
  /** The impurities a content of this nuclide is to be asked for (its certificate names them). */
  ExpectedImpurities: string[];
  /** Per release type: its values for this nuclide and the waste forms it covers. */
  ReleaseTypes: NuclideReleaseType[];
}

export const KNOWN_NUCLIDES: readonly string[] = Object.keys(HALF_LIVES);

export const clearanceLevel = (nuclide: string): number | null => CLEARANCE[nuclide]?.bqPerG ?? null;
/** Spalte 8: the value of the specific release of solids for disposal on a landfill; null where the cell is empty. */
export const landfillClearanceLevel = (nuclide: string): number | null => CLEARANCE[nuclide]?.landfill ?? null;
/** Spalte 9: the value of the specific release for disposal in an incinerator; null where the cell is empty. */
export const incinerationClearanceLevel = (nuclide: string): number | null => CLEARANCE[nuclide]?.incineration ?? null;
/** Spalte 5, or where its cell is empty the default its note gives for the nuclide's kind of emitter. */
export function surfaceClearanceLevel(nuclide: string): number | null {
  const entry = CLEARANCE[nuclide];
  if (!entry) return null;
  return entry.bqPerCm2 ?? (entry.surfaceDefault ? SURFACE_DEFAULTS[entry.surfaceDefault].bqPerCm2 : null);
}

/** What the nuclide table says of an entry beyond its figures: a default value used, a missing row. */
function noteOf(entry: Clearance): string | null {
  const parts: string[] = [];
  if (entry.surfaceDefault) {
    const d = SURFACE_DEFAULTS[entry.surfaceDefault];
    parts.push(
      `Spalte 5 is empty: the default of its note, letter ${entry.surfaceDefault} (${d.emitters}), ` +
        `${d.bqPerCm2} Bq/cm².`,
    );
  }
  if (entry.note) parts.push(entry.note);
  return parts.length ? parts.join(' ') : null;
}

/** The table's values of a type for a nuclide (INDIVIDUAL has none: the notice sets them). */
const tableValues: Readonly<Record<ReleaseType, (nuclide: string) => [number | null, number | null]>> = {
  UNRESTRICTED: (n) => [clearanceLevel(n), surfaceClearanceLevel(n)],
  SPECIFIC_LANDFILL: (n) => [landfillClearanceLevel(n), surfaceClearanceLevel(n)],
  SPECIFIC_INCINERATION: (n) => [incinerationClearanceLevel(n), surfaceClearanceLevel(n)],
  INDIVIDUAL: () => [null, null],
};

/** The public nuclide table, shortest half-life first. */
export function nuclideModels(): NuclideModel[] {
  return KNOWN_NUCLIDES.map((nuclide) => ({
    Nuclide: nuclide,
    HalfLifeSeconds: HALF_LIVES[nuclide]!,
    ClearanceLevelBqPerG: clearanceLevel(nuclide),
    SurfaceClearanceLevelBqPerCm2: surfaceClearanceLevel(nuclide),
    Row: CLEARANCE[nuclide]!.row,
    Note: noteOf(CLEARANCE[nuclide]!),
    ExpectedImpurities: [...(EXPECTED_IMPURITIES[nuclide] ?? [])],
    ReleaseTypes: RELEASE_TYPES.map((type) => {
      const [mass, surface] = tableValues[type](nuclide);
      const rule = RELEASE_TYPE_RULES[type];
      return {
        ReleaseType: type,
        Columns: `${rule.paragraph}: ${rule.columns.mass}; ${rule.columns.surface}`,
        ClearanceLevelBqPerG: mass,
        SurfaceClearanceLevelBqPerCm2: surface,
        WasteForms: [...rule.forms],
      };
    }),
  })).sort((a, b) => a.HalfLifeSeconds - b.HalfLifeSeconds);
}
