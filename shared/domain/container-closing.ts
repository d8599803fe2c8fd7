/**
 * What holds for a container once it is closed (DECAY and after): its mass may not be raised to dilute it (StrlSchV
 * § 34 forbids reaching the values by mixing or dilution) unless an officer justifies the correction on record, and
 * its radiation labels (§ 91 Abs. 1) come off only after the release (§ 93 Abs. 2), before it is disposed of. Every
 * mass correction after closing is printed on the release record. Pure: no AWS, no HTTP.
 */
import { AppError, conflict } from '../errors';
import type { ContainerState } from './container-fields';

/** The states after closing in which the mass still counts for a release. */
const CLOSED_STATES: readonly ContainerState[] = ['DECAY', 'RELEASE_DATE_REACHED'];

/** An officer's reason for a mass correction after closing, 10 to 1,000 characters (as a release's Justification). */
export const JUSTIFICATION_LENGTH = { min: 10, max: 1000 } as const;

/**
 * 409 `container.dilution` when a closed container's Weight is raised without an officer's justification (a
 * lowered one overstates the specific activity: allowed).
 */
export function checkMassCorrection(
  current: { State: ContainerState; Weight: number | null },
  weight: number | null | undefined,
  roles: readonly string[],
  justification: string | null,
): void {
  if (!CLOSED_STATES.includes(current.State) || weight === undefined || weight === null || current.Weight === null)
    return;
  if (weight <= current.Weight) return;
  if (roles.includes('rpo') && justification !== null) return;
  throw conflict('container.dilution', { from: current.Weight, to: weight });
}

/**
 * LabelsRemoved goes from false to true once, only on a released container (the marks stay while the material is
 * radioactive waste): 409 otherwise.
 */
export function checkLabels(
  current: { LabelsRemoved: boolean },
  labelsRemoved: boolean | undefined,
  released: boolean,
): void {
  if (labelsRemoved === undefined || labelsRemoved === current.LabelsRemoved) return;
  if (!labelsRemoved) throw conflict('container.labels_kept');
  if (!released) throw conflict('container.labels_before_release');
}

/** DISPOSED (handed on as non-radioactive) needs the labels removed: 409 `container.labels_not_removed`. */
export function checkDisposable(next: { LabelsRemoved: boolean }): void {
  if (!next.LabelsRemoved) throw new AppError(409, 'container.labels_not_removed');
}

/** An audit entry as the mass corrections read it (shared/data/containers.ts AuditEntry). */
export interface AuditedChange {
  at: string;
  actor: string;
  changes: readonly { field: string; old: unknown; new: unknown }[];
}

/** A change of the mass after closing, as the record prints it. */
export interface MassCorrection {
  At: string;
  By: string;
  From: number | null;
  To: number | null;
  Justification: string | null;
}

/** When the container last entered DECAY: the newest entry that set State to DECAY (entries newest first). */
export function enteredDecayAt(entries: readonly AuditedChange[]): string | null {
  const entry = entries.find((e) => e.changes.some((c) => c.field === 'State' && c.new === 'DECAY'));
  return entry?.at ?? null;
}

/** Every change of Weight after the container first entered DECAY (not in the closing change itself), oldest first. */
export function massCorrections(entries: readonly AuditedChange[]): MassCorrection[] {
  const oldestFirst = [...entries].reverse();
  const closed = oldestFirst.findIndex((e) => e.changes.some((c) => c.field === 'State' && c.new === 'DECAY'));
  if (closed < 0) return [];
  return oldestFirst.slice(closed + 1).flatMap((entry) => {
    const weight = entry.changes.find((c) => c.field === 'Weight');
    if (!weight) return [];
    const justification = entry.changes.find((c) => c.field === 'Justification')?.new;
    return [
      {
        At: entry.at,
        By: entry.actor,
        From: (weight.old as number | null) ?? null,
        To: (weight.new as number | null) ?? null,
        Justification: typeof justification === 'string' ? justification : null,
      },
    ];
  });
}
