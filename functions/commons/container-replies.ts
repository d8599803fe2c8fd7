/** What the container functions share beyond the service: the history cap. */
/** Up to this many history lines in the unpaginated listing (a Warning beyond, as the other listings). */
export const HISTORY_FIND_CAP = 1000;
