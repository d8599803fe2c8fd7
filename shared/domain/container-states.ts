/**
 * A container's states and the moves between them, the kept records, the release a disposal needs.
 */
import { conflict } from '../errors';
import { checkDisposable } from './container-closing';
import type { ContainerData, ContainerRecord, ContainerState } from './container-fields';

/**
 * The state machine: `OPEN -> DECAY <-> RELEASE_DATE_REACHED -> DISPOSED`, and `DISPATCHED` (handed to a
 * licensed disposer as radioactive waste) from DECAY or RELEASE_DATE_REACHED. Entering
 * RELEASE_DATE_REACHED is gated by the release assessment at that moment (the gate); DISPOSED needs a
 * release; DISPATCHED needs none: the material stays radioactive waste under the disposer's licence.
 */
const NEXT_STATES: Readonly<Record<ContainerState, readonly ContainerState[]>> = {
  OPEN: ['DECAY'],
  DECAY: ['RELEASE_DATE_REACHED', 'DISPATCHED'],
  RELEASE_DATE_REACHED: ['DECAY', 'DISPATCHED', 'DISPOSED'],
  DISPATCHED: [],
  DISPOSED: [],
};

/** `DISPATCHED` and `DISPOSED` containers are records that must be kept: read-only, never deleted. */
const KEPT_STATES: readonly ContainerState[] = ['DISPATCHED', 'DISPOSED'];

export const isKeptRecord = (state: ContainerState): boolean => KEPT_STATES.includes(state);

export const canChangeState = (from: ContainerState, to: ContainerState): boolean =>
  from === to || NEXT_STATES[from].includes(to);

/** A container a radiation protection officer released: kept 30 years (StrlSchV § 86 Abs. 2), its data frozen. */
export const isReleased = (data: Pick<ContainerData, 'IsReleasedByRadiationProtectionOfficer'>): boolean =>
  data.IsReleasedByRadiationProtectionOfficer === true;

/** `DISPOSED` needs a complete release by a radiation protection officer. */
export function missingRelease(data: ContainerData): string[] {
  const missing: string[] = [];
  if (data.IsReleasedByRadiationProtectionOfficer !== true) missing.push('IsReleasedByRadiationProtectionOfficer');
  if (!data.ReleasedByRadiationProtectionOfficer) missing.push('ReleasedByRadiationProtectionOfficer');
  if (!data.ReleasedByRadiationProtectionOfficerDateTime) missing.push('ReleasedByRadiationProtectionOfficerDateTime');
  return missing;
}

export function checkState(from: ContainerState | null, next: ContainerData): void {
  if (from === null && next.State !== 'OPEN') throw conflict('container.initial_state', { state: next.State });
  if (from !== null && !canChangeState(from, next.State)) {
    throw conflict('container.state_change_forbidden', { from, to: next.State });
  }
  if (next.State === 'DISPOSED' && from !== 'DISPOSED') {
    const missing = missingRelease(next);
    if (missing.length) {
      throw conflict(
        'container.release_required',
        { to: next.State },
        missing.map((field) => ({ key: 'detail.required', params: { field } })),
      );
    }
    checkDisposable(next);
  }
}

export function checkDeletable(current: ContainerRecord): void {
  if (current.State !== 'OPEN') throw conflict('container.delete_forbidden', { state: current.State });
}

/** The state a transition creates a record for, and which record. */
export function transitionRecord(from: ContainerState | null, to: ContainerState): 'DISPATCH' | 'DISPOSE' | undefined {
  if (from === to) return undefined;
  if (to === 'DISPATCHED') return 'DISPATCH';
  if (to === 'DISPOSED') return 'DISPOSE';
  return undefined;
}
