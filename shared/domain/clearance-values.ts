/**
 * The values a release type measures against, per nuclide: Bq/g for the mass, Bq/cm² for a fixed surface.
 * UNRESTRICTED: Anlage 4 Tabelle 1 Spalte 3 and 5 (§ 35). SPECIFIC_LANDFILL: Spalte 8 and 5 (§ 36 Abs. 1 Nr. 3
 * b and c aa). SPECIFIC_INCINERATION: Spalte 9 and 5 (§ 36 Abs. 1 Nr. 4 b and c aa). INDIVIDUAL: the values the
 * clearance notice sets (§ 37). A value the source does not hold is null: the assessment names it as missing.
 */
import type { NoticeLimit } from './clearance-notice';
import { clearanceLevel, incinerationClearanceLevel, landfillClearanceLevel, surfaceClearanceLevel } from './nuclides';
import type { ReleaseType } from './release-types';

export interface ClearanceValues {
  /** Bq/g. */
  mass: number | null;
  /** Bq/cm². */
  surface: number | null;
}

/** What a type's values are read from: the table, or for INDIVIDUAL the cited notice's limits. */
export type ValueSource =
  | { type: Exclude<ReleaseType, 'INDIVIDUAL'> }
  | { type: 'INDIVIDUAL'; limits: readonly NoticeLimit[] };

export function clearanceValues(source: ValueSource, nuclide: string): ClearanceValues {
  switch (source.type) {
    case 'UNRESTRICTED':
      return { mass: clearanceLevel(nuclide), surface: surfaceClearanceLevel(nuclide) };
    case 'SPECIFIC_LANDFILL':
      return { mass: landfillClearanceLevel(nuclide), surface: surfaceClearanceLevel(nuclide) };
    case 'SPECIFIC_INCINERATION':
      return { mass: incinerationClearanceLevel(nuclide), surface: surfaceClearanceLevel(nuclide) };
    case 'INDIVIDUAL': {
      const limit = source.limits.find((l) => l.Nuclide === nuclide);
      return { mass: limit?.SpecificActivity ?? null, surface: limit?.SurfaceActivity ?? null };
    }
  }
}
