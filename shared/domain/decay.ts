/**
 * Radioactive decay. Half-lives in seconds (NUBASE/NNDC evaluated values) of the nuclides used in
 * nuclear medicine; a link to an unknown nuclide contributes no half-life.
 */
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const YEAR = 365.25 * DAY;

export const HALF_LIVES: Readonly<Record<string, number>> = {
  'O-15': 122.24,
  'N-13': 9.965 * MINUTE,
  'C-11': 20.364 * MINUTE,
  'Rb-82': 1.2575 * MINUTE,
  'Ga-68': 67.71 * MINUTE,
  'F-18': 109.77 * MINUTE,
  'Tc-99m': 6.0067 * HOUR,
  'Cu-64': 12.701 * HOUR,
  'I-123': 13.2235 * HOUR,
  'Ho-166': 26.824 * HOUR,
  'Sm-153': 46.284 * HOUR,
  'Y-90': 64.05 * HOUR,
  'Mo-99': 65.94 * HOUR,
  'Tl-201': 72.91 * HOUR,
  'Zr-89': 78.41 * HOUR,
  'In-111': 2.8047 * DAY,
  'Ga-67': 3.2617 * DAY,
  'Re-186': 3.7183 * DAY,
  'Xe-133': 5.2475 * DAY,
  'Lu-177': 6.647 * DAY,
  'I-131': 8.0252 * DAY,
  'Ac-225': 9.9203 * DAY,
  'Ra-223': 11.43 * DAY,
  'P-32': 14.268 * DAY,
  'Sr-82': 25.35 * DAY,
  'Cr-51': 27.7025 * DAY,
  'Sr-89': 50.563 * DAY,
  'I-125': 59.49 * DAY,
  'Sr-85': 64.85 * DAY,
  'Lu-177m': 160.44 * DAY,
  'Ge-68': 270.95 * DAY,
  'Co-57': 271.74 * DAY,
  'Cs-137': 30.08 * YEAR,
  'Sr-90': 28.79 * YEAR,
  'In-114m': 49.51 * DAY,
  'Ac-227': 21.772 * YEAR,
  'Tl-202': 12.31 * DAY,
};

export const isKnownNuclide = (nuclide: string): boolean => nuclide in HALF_LIVES;

/** The longest half-life (seconds) among the nuclides, or undefined if none is known. */
export function longestHalfLife(nuclides: readonly string[]): number | undefined {
  const known = nuclides.map((n) => HALF_LIVES[n]).filter((t): t is number => t !== undefined);
  return known.length ? Math.max(...known) : undefined;
}

/** Activity `seconds` after (negative: before) it was `activity`: A = A0 * 2^(-t / T½). */
export const activityAfter = (activity: number, seconds: number, halfLifeSeconds: number): number =>
  activity * 2 ** (-seconds / halfLifeSeconds);

/** Activity left after `elapsedSeconds`; time before the measurement counts as 0. */
export function decay(activity: number, elapsedSeconds: number, halfLifeSeconds: number): number {
  return activityAfter(activity, Math.max(0, elapsedSeconds), halfLifeSeconds);
}
