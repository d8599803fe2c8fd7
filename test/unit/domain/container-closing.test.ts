/** shared/domain/container-closing.ts: dilution after closing, the labels, the mass corrections a record prints. */
import { describe, expect, it } from 'vitest';
import {
  checkLabels,
  checkMassCorrection,
  enteredDecayAt,
  massCorrections,
  type AuditedChange,
} from '../../../shared/domain/container-closing';
import { errorOf } from '../../support/errors';

describe('checkMassCorrection', () => {
  it('refuses a raised mass after closing unless an officer gives a reason; lowering and OPEN are free', () => {
    const closed = { State: 'DECAY' as const, Weight: 1000 };
    expect(errorOf(() => checkMassCorrection(closed, 2000, [], null)).notification).toEqual({
      key: 'container.dilution',
      params: { from: 1000, to: 2000 },
    });
    expect(errorOf(() => checkMassCorrection(closed, 2000, ['rpo'], null)).statusCode).toBe(409);
    expect(errorOf(() => checkMassCorrection(closed, 2000, [], 'a reason given')).statusCode).toBe(409);
    expect(() => checkMassCorrection(closed, 2000, ['rpo'], 'a reason given')).not.toThrow();
    expect(() => checkMassCorrection(closed, 500, [], null)).not.toThrow();
    expect(() => checkMassCorrection({ State: 'OPEN', Weight: 1000 }, 2000, [], null)).not.toThrow();
    expect(() => checkMassCorrection({ State: 'RELEASE_DATE_REACHED', Weight: null }, 2000, [], null)).not.toThrow();
    expect(
      errorOf(() => checkMassCorrection({ ...closed, State: 'RELEASE_DATE_REACHED' }, 1001, [], null)).statusCode,
    ).toBe(409);
  });
});

describe('checkLabels', () => {
  it('off once, after the release only', () => {
    expect(errorOf(() => checkLabels({ LabelsRemoved: false }, true, false)).notification.key).toBe(
      'container.labels_before_release',
    );
    expect(() => checkLabels({ LabelsRemoved: false }, true, true)).not.toThrow();
    expect(errorOf(() => checkLabels({ LabelsRemoved: true }, false, true)).notification.key).toBe(
      'container.labels_kept',
    );
    expect(() => checkLabels({ LabelsRemoved: true }, true, true)).not.toThrow();
  });
});

describe('the history after closing', () => {
  // Newest first, as the store answers.
  const entries: AuditedChange[] = [
    {
      at: '2026-11-23 09:00:00',
      actor: 'grace',
      changes: [{ field: 'State', old: 'RELEASE_DATE_REACHED', new: 'DECAY' }],
    },
    {
      at: '2026-11-22 09:00:00',
      actor: 'grace',
      changes: [
        { field: 'Weight', old: 9000, new: 9500 },
        { field: 'Justification', old: null, new: 'Weighed again.' },
      ],
    },
    { at: '2026-11-21 09:00:00', actor: 'ada', changes: [{ field: 'Weight', old: 10_000, new: 9000 }] },
    {
      at: '2026-11-20 09:00:00',
      actor: 'ada',
      changes: [
        { field: 'State', old: 'OPEN', new: 'DECAY' },
        { field: 'Weight', old: 12_000, new: 10_000 },
      ],
    },
    { at: '2026-11-19 09:00:00', actor: 'ada', changes: [{ field: 'Weight', old: null, new: 12_000 }] },
  ];

  it('knows when the container last entered DECAY', () => {
    expect(enteredDecayAt(entries)).toBe('2026-11-23 09:00:00');
    expect(enteredDecayAt(entries.slice(1))).toBe('2026-11-20 09:00:00');
    expect(enteredDecayAt([])).toBeNull();
  });

  it('lists every mass change after closing, oldest first, with its reason; not the closing change itself', () => {
    expect(massCorrections(entries)).toEqual([
      { At: '2026-11-21 09:00:00', By: 'ada', From: 10_000, To: 9000, Justification: null },
      { At: '2026-11-22 09:00:00', By: 'grace', From: 9000, To: 9500, Justification: 'Weighed again.' },
    ]);
  });
});
