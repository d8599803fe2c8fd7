/**
 * The German regime (StrlSchV 2018): a container is released by the radiation protection officer's determination
 * (§ 42 Abs. 1) under the facility's clearance notice, resting on a decision measurement weighed against the clearance
 * values of Anlage 4 (shared/domain/release-gate.ts); any nuclide may be held for decay; its release date is the
 * clearance assessment's prediction and the gate into RELEASE_DATE_REACHED the assessment now; the labels (§ 91 Abs.
 * 1) stay until after the release (§ 93 Abs. 2); the record and the register are kept 30 years (§ 86 Abs. 2). These
 * are the rules the service always had, named here, not rewritten.
 */
import { DE_LABEL_WORDS } from '../../label';
import { RECORD_RETENTION_YEARS } from '../../release-record';
import { GERMAN_REGISTER_MEMBERS } from '../../release-register';
import { RELEASE_TYPES } from '../../release-types';
import type { Regime } from '../regime';

export const DE_STRLSCHV_2018: Regime = {
  name: 'DE_STRLSCHV_2018',
  law: 'StrlSchV 2018',
  defaultTimeZone: 'Europe/Berlin',
  defaultLanguage: 'de',
  releaseTypes: RELEASE_TYPES,
  evidence: 'DECISION_MEASUREMENT',
  releaseMembers: ['ClearanceNoticeUuid', 'DisposalPlant', 'DiscrepancyCause'],
  requiredMembers: ['ClearanceNoticeUuid'],
  ineligible: () => [],
  predictRelease: (_container, _links, assessed) => assessed,
  gate: 'CLEARANCE_ASSESSMENT',
  labels: 'AFTER_RELEASE',
  retentionYears: RECORD_RETENTION_YEARS,
  registerMembers: GERMAN_REGISTER_MEMBERS,
  labelWords: DE_LABEL_WORDS,
};
