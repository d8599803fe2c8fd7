/**
 * The types of release the service books (StrlSchV 2018 § 86 Abs. 1 Nr. 2 b names § 35, § 36 and § 37 Abs. 1) and
 * the forms of waste each may cover. Which values a type measures against is the nuclide table's
 * (shared/domain/clearance-values.ts); which types and forms a facility may release is its clearance notice's
 * (shared/domain/clearance-notice.ts). Pure data: no AWS, no HTTP.
 */

/**
 * - `UNRESTRICTED`: § 35, the values of Anlage 4 Tabelle 1 Spalte 3 and, where a fixed surface can be measured,
 *   Spalte 5.
 * - `SPECIFIC_LANDFILL`: § 36 Abs. 1 Nr. 3, solids for disposal on a landfill, up to 100 Mg in the calendar year:
 *   Spalte 8, and Spalte 5.
 * - `SPECIFIC_INCINERATION`: § 36 Abs. 1 Nr. 4, substances for disposal in an incinerator, up to 100 Mg in the
 *   calendar year: Spalte 9, and Spalte 5.
 * - `INDIVIDUAL`: § 37, the values the authority's notice sets for the individual case.
 */
export const RELEASE_TYPES = ['UNRESTRICTED', 'SPECIFIC_LANDFILL', 'SPECIFIC_INCINERATION', 'INDIVIDUAL'] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];

/**
 * The type a release for disposal was booked under before the two routes were told apart (issue 36): the lower of
 * Spalte 8 and 9, no plant named. Register lines and decision measurements keep it as booked (they are chained or
 * kept as made); stored notices are migrated to the two routes (migrateReleaseTypes). Never offered for a new release.
 */
export const LEGACY_DISPOSAL = 'SPECIFIC_DISPOSAL' as const;
/**
 * 10 CFR 35.92: disposal after decay-in-storage, the type of the US regime (shared/domain/regimes/us-nrc-10cfr35/):
 * no clearance notice, no clearance values, a survey at background.
 */
export const DECAY_IN_STORAGE = 'DECAY_IN_STORAGE' as const;
/** Every type a release of any regime may name. */
export const ANY_RELEASE_TYPES = [...RELEASE_TYPES, DECAY_IN_STORAGE] as const;
export type AnyReleaseType = (typeof ANY_RELEASE_TYPES)[number];

/** Every type a stored line or measurement may name: the current ones of each regime and the legacy one. */
export const BOOKED_RELEASE_TYPES = [...RELEASE_TYPES, LEGACY_DISPOSAL, DECAY_IN_STORAGE] as const;
export type BookedReleaseType = (typeof BOOKED_RELEASE_TYPES)[number];

/** The routes of the specific release for disposal (§ 36 Abs. 1 Nr. 3 and 4): each names its plant. */
export const DISPOSAL_ROUTES = ['SPECIFIC_LANDFILL', 'SPECIFIC_INCINERATION'] as const satisfies readonly ReleaseType[];
export type DisposalRoute = (typeof DISPOSAL_ROUTES)[number];
export const isDisposalRoute = (type: string): type is DisposalRoute =>
  (DISPOSAL_ROUTES as readonly string[]).includes(type);

/** What a container holds, as the ordinance tells forms apart (Anlage 8 Teil B, § 37 Abs. 1). */
export const WASTE_FORMS = ['SOLID', 'LIQUID_AQUEOUS', 'LIQUID_ORGANIC', 'OIL', 'GAS'] as const;
export type WasteForm = (typeof WASTE_FORMS)[number];

/** What the ordinance says of a release type: its paragraph, the columns it measures against, the forms it covers. */
export interface ReleaseTypeRule {
  /** The paragraph of the StrlSchV. */
  paragraph: string;
  /** The columns of Anlage 4 Tabelle 1 (or the notice) the values come from, for mass and for surface. */
  columns: { mass: string; surface: string };
  /**
   * The waste forms the type may cover by the ordinance. Spalte 3 holds for solids, oils and oily liquids, organic
   * solvents and coolants (Anlage 8 Teil B); an aqueous liquid or a gas is released only in the individual case
   * (§ 37 Abs. 1 Satz 1; for a liquid other than those of Teil B § 37 Abs. 1 Nr. 3). A landfill takes "feste Stoffe"
   * (§ 36 Abs. 1 Nr. 3); an incinerator "Stoffe" (Nr. 4): solids, oils and organic solvents, as Teil B tells them.
   */
  forms: readonly WasteForm[];
}

export const RELEASE_TYPE_RULES: Readonly<Record<ReleaseType, ReleaseTypeRule>> = {
  UNRESTRICTED: {
    paragraph: '§ 35',
    columns: { mass: 'Anlage 4 Tabelle 1 Spalte 3', surface: 'Anlage 4 Tabelle 1 Spalte 5' },
    forms: ['SOLID', 'LIQUID_ORGANIC', 'OIL'],
  },
  SPECIFIC_LANDFILL: {
    paragraph: '§ 36 Abs. 1 Nr. 3',
    columns: { mass: 'Anlage 4 Tabelle 1 Spalte 8', surface: 'Anlage 4 Tabelle 1 Spalte 5' },
    forms: ['SOLID'],
  },
  SPECIFIC_INCINERATION: {
    paragraph: '§ 36 Abs. 1 Nr. 4',
    columns: { mass: 'Anlage 4 Tabelle 1 Spalte 9', surface: 'Anlage 4 Tabelle 1 Spalte 5' },
    forms: ['SOLID', 'LIQUID_ORGANIC', 'OIL'],
  },
  INDIVIDUAL: {
    paragraph: '§ 37',
    columns: { mass: 'Freigabebescheid (Einzelfall)', surface: 'Freigabebescheid (Einzelfall)' },
    forms: WASTE_FORMS,
  },
};

/** § 36 Abs. 1 Nr. 3 c aa and Nr. 4 c aa: Spalte 8 and 9 hold for up to 100 Mg a calendar year and route, in g. */
export const SPECIFIC_DISPOSAL_YEARLY_MASS_G = 100e6;

/** Whether the ordinance lets `type` cover `form`. */
export const typeCovers = (type: ReleaseType, form: WasteForm): boolean =>
  RELEASE_TYPE_RULES[type].forms.includes(form);
