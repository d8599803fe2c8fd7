/**
 * A release regime: the law a facility releases its waste under, as one module behind this interface
 * (shared/domain/regimes/<regime>/). What makes a container eligible to be held for decay, when its release is
 * predicted and when the gate into RELEASE_DATE_REACHED opens, what a release rests on, when the labels come off, how
 * long the record is kept, the register's members and the label's words. Nothing outside the regime modules branches
 * on a regime's name: the rest of the code reads these members. Pure: no AWS, no HTTP.
 */
import type { Language } from '../../i18n/messages';
import type { Detail } from '../../i18n/translate';
import type { ContentLink } from '../container-contents';
import type { ContainerData } from '../container-fields';
import type { LabelWords } from '../label';
import type { RegisterLine } from '../release-register';

export const REGIME_NAMES = ['DE_STRLSCHV_2018', 'US_NRC_10CFR35'] as const;
export type RegimeName = (typeof REGIME_NAMES)[number];

/**
 * What a release rests on: a decision measurement weighed against clearance values under a clearance notice, or a
 * survey at the container's surface that cannot tell it from background.
 */
export type ReleaseEvidence = 'DECISION_MEASUREMENT' | 'SURVEY';

/**
 * The gate into RELEASE_DATE_REACHED: the clearance assessment clears the container now, or the time it is held for
 * decay (its predicted release date) has passed.
 */
export type DecayGate = 'CLEARANCE_ASSESSMENT' | 'DECAY_TIME';

export interface Regime {
  readonly name: RegimeName;
  /** The law in a few words, as messages name it. */
  readonly law: string;
  /** A facility's time zone and record language unless its settings say otherwise. */
  readonly defaultTimeZone: string;
  readonly defaultLanguage: Language;
  /** The release types a release under this regime may name (the first is the default). */
  readonly releaseTypes: readonly string[];
  readonly evidence: ReleaseEvidence;
  /** Members of the release's body only this regime knows: under another one they are 409 naming the regime. */
  readonly releaseMembers: readonly string[];
  /** Members of the release's body (of releaseMembers) a release under this regime must name: 400 without. */
  readonly requiredMembers: readonly string[];
  /**
   * What keeps a container from entering DECAY under this regime, one detail each (409 `container.not_eligible`); none
   * when it may.
   */
  ineligible(links: readonly ContentLink[]): Detail[];
  /**
   * The release date predicted when the container enters DECAY (or its data change there): `assessed` is what the
   * clearance assessment predicts; null when none can be predicted.
   */
  predictRelease(container: ContainerData, links: readonly ContentLink[], assessed: string | null): string | null;
  readonly gate: DecayGate;
  /**
   * When a container's radiation labels come off: only after the release (they mark the material while it is
   * radioactive), or before it (the release needs them removed).
   */
  readonly labels: 'AFTER_RELEASE' | 'BEFORE_RELEASE';
  /** Years the release record and its register line are kept under Object Lock. */
  readonly retentionYears: number;
  /** The members of a register line this regime books, in the order the register and its CSV list them. */
  readonly registerMembers: readonly (keyof RegisterLine)[];
  /** The words of a container's label. */
  readonly labelWords: LabelWords;
}
