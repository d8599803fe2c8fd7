/**
 * The release of a container and its record: what the release sets, what it answers, the facts its record is made of
 * (what the record says: shared/domain/release-record-content.ts), the register's line (StrlSchV § 86 Abs. 1) and how
 * long the record is kept. Pure: no AWS, no HTTP.
 */
import type { ClearanceNotice, DisposalPlant } from './clearance-notice';
import type { MassCorrection } from './container-closing';
import type { ContentModel } from './container-contents';
import type { DecayChart } from './decay-chart';
import type { ContainerRecord } from './container-fields';
import type { MeasuredDecision } from './decision-measurement';
import type { ReleaseAssessment } from './release-assessment';
import type { RegisterPlant, ReleaseRegisterRow } from './release-register';
import type { AnyReleaseType, ReleaseType } from './release-types';
import { formatTimestamp } from './time';

/** § 86 Abs. 2: the book is kept 30 years from the determination. */
export const RECORD_RETENTION_YEARS = 30;

/**
 * The container after its release: the officer and the server's time; its ReleaseDateTime is the release's (no longer
 * a prediction), and what the decision measurement showed of each nuclide at the release is kept beside it, so the
 * container shows the measured specific activity from then on, not the closing measurement's.
 */
export function releasedContainer(
  container: ContainerRecord,
  officer: string,
  now: Date,
  measured: ContainerRecord['ReleasedSpecificActivities'] = null,
): ContainerRecord {
  const at = formatTimestamp(now);
  return {
    ...container,
    ReleaseDateTime: at,
    IsReleasedByRadiationProtectionOfficer: true,
    ReleasedByRadiationProtectionOfficer: officer,
    ReleasedByRadiationProtectionOfficerDateTime: at,
    ReleasedSpecificActivities: measured,
  };
}

/** The answer of a release (ReleaseRecordModel). */
export interface ReleaseRecordModel {
  ContainerUuid: string;
  RecordDocumentUuid: string;
  ReleaseType: AnyReleaseType;
  /** The notice the release cites; null under a regime without notices. */
  ClearanceNoticeUuid: string | null;
  ReleasedAt: string;
  ReleasedBy: string;
  ReleasedByName: string | null;
  Justification: string | null;
  /** For a release for disposal, the plant it goes to; else null. */
  DisposalPlant: RegisterPlant | null;
  /** An officer's explanation of a decision measurement that disagrees with the prediction; null when none given. */
  DiscrepancyCause: string | null;
  /** The clearance assessment the release rests on; null for a disposal after decay-in-storage. */
  Assessment: (ReleaseAssessment & { ContainerUuid: string }) | null;
  Sha256: string;
}

/** Everything a release is made of, as the release act gathered it. */
export interface ReleaseFacts {
  /** The container as released (its release fields set). */
  container: ContainerRecord;
  contents: readonly ContentModel[];
  /** The assessment at the determination, with the decision measurement weighed against the type's values. */
  assessment: ReleaseAssessment;
  measurement: MeasuredDecision;
  notice: ClearanceNotice;
  type: ReleaseType;
  /** The plant of a release for disposal (the notice's); null otherwise. */
  plant: DisposalPlant | null;
  justification: string | null;
  discrepancyCause: string | null;
  recordDocumentUuid: string;
  officerName: string | null;
  /** The names of the people the record names (who measured, who corrected the mass), by id. */
  names: ReadonlyMap<string, string>;
  massCorrections: readonly MassCorrection[];
  /** The decay chart the record draws (German); null draws none. */
  chart: DecayChart | null;
}

/** The plant as the register and the answer name it (its route is the release type). */
export const registerPlantOf = (plant: DisposalPlant | null): RegisterPlant | null =>
  plant && { Name: plant.Name, Address: plant.Address, AcceptanceDocumentUuid: plant.AcceptanceDocumentUuid };

export const registerRowOf = (facts: ReleaseFacts): ReleaseRegisterRow => {
  const decision = facts.assessment.DecisionMeasurement!;
  const surface = facts.measurement.Surface;
  return {
    ContainerUuid: facts.container.Uuid,
    Name: facts.container.Name,
    ReleasedAt: facts.container.ReleasedByRadiationProtectionOfficerDateTime!,
    ReleasedBy: facts.container.ReleasedByRadiationProtectionOfficer!,
    ReleasedByName: facts.officerName,
    Weight: facts.container.Weight!,
    WasteForm: facts.container.WasteForm!,
    SumOfRatios: decision.SumOfRatios,
    Surface: surface && {
      SumOfRatios: decision.SurfaceSumOfRatios,
      ValueUsedBqPerCm2: surface.ValueUsed,
      BelowDecisionThreshold: !surface.Detected,
    },
    Nuclides: decision.Nuclides.map((n) => ({
      Nuclide: n.Nuclide,
      SpecificActivityBqPerG: n.SpecificActivityBqPerG,
      ValueUsedBqPerG: n.ValueUsedBqPerG,
      BelowDecisionThreshold: n.BelowDecisionThreshold,
    })),
    MeasurementMethod: facts.measurement.Surface ? 'GROSS_ACTIVITY_PER_MASS_AND_SURFACE' : 'GROSS_ACTIVITY_PER_MASS',
    InstrumentSerialNumber: facts.measurement.Instrument.SerialNumber,
    DecisionMeasurementAt: facts.measurement.MeasuredAt,
    ReleaseType: facts.type,
    DisposalPlant: registerPlantOf(facts.plant),
    ClearanceNoticeUuid: facts.notice.Uuid,
    ClearanceNoticeFileNumber: facts.notice.FileNumber,
    Justification: facts.justification,
    RecordDocumentUuid: facts.recordDocumentUuid,
  };
};

/** When a record made `now` may be destroyed: `years` later (RECORD_RETENTION_YEARS unless a regime keeps another). */
export function keptUntil(now: Date, years = RECORD_RETENTION_YEARS): Date {
  const until = new Date(now.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}
