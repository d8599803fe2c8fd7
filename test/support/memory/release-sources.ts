/**
 * In-memory clearance notices and decision measurements as the release reads them (NoticeReader, MeasurementReader
 * of shared/services/release-act.ts), with fixtures: a notice of the facility, and a decision measurement whose
 * figures are given (its counting arithmetic is shared/domain/decision-measurement.ts's, tested on its own).
 */
import type { MeasurementReader, NoticeReader } from '../../../shared/services/release-act';
import { inForce, type ClearanceNotice } from '../../../shared/domain/clearance-notice';
import type { MeasuredNuclide } from '../../../shared/domain/decision-measurement';
import type { MeasurementRecord } from '../../../shared/domain/measurement';
import type { Tenant } from '../../../shared/data/table';

const key = (tenant: Tenant, uuid: string) => `${tenant.client}#${tenant.facility}#${uuid}`;

export function memoryReleaseSources() {
  const notices = new Map<string, ClearanceNotice>();
  const measurements = new Map<string, MeasurementRecord[]>();
  const noticeReader: NoticeReader = {
    get: async (tenant, uuid) => structuredClone(notices.get(key(tenant, uuid))),
    inForce: async (tenant, at) =>
      [...notices.values()].filter(
        (n) => n.Client === tenant.client && n.Facility === tenant.facility && inForce(n, at),
      ),
  };
  const newestFirst = (tenant: Tenant, uuid: string) =>
    [...(measurements.get(key(tenant, uuid)) ?? [])].sort((a, b) => (a.MeasuredAt < b.MeasuredAt ? 1 : -1));
  const measurementReader: MeasurementReader = {
    newest: async (tenant, uuid) => structuredClone(newestFirst(tenant, uuid)[0]),
    list: async (tenant, uuid) => structuredClone(newestFirst(tenant, uuid)),
  };
  return {
    notices: noticeReader,
    measurements: measurementReader,
    addNotice(notice: ClearanceNotice) {
      notices.set(key({ client: notice.Client, facility: notice.Facility }, notice.Uuid), notice);
      return notice;
    },
    addMeasurement(tenant: Tenant, measurement: MeasurementRecord) {
      const k = key(tenant, measurement.ContainerUuid);
      measurements.set(k, [...(measurements.get(k) ?? []), measurement]);
      return measurement;
    },
  };
}

/** A landfill and an incinerator with their operators' acceptance declarations. */
export const PLANTS = [
  {
    Route: 'SPECIFIC_LANDFILL',
    Name: 'Deponie Nord',
    Address: 'Deponieweg 5, 12345 Musterstadt',
    AcceptanceDocumentUuid: 'acceptance-landfill',
  },
  {
    Route: 'SPECIFIC_INCINERATION',
    Name: 'MVA Süd',
    Address: 'Ofenstraße 2, 12345 Musterstadt',
    AcceptanceDocumentUuid: 'acceptance-incinerator',
  },
] as const;

/** A notice of `tenant` permitting UNRESTRICTED for solids from 2026-01-01. */
export function noticeFixture(tenant: Tenant, overrides: Partial<ClearanceNotice> = {}): ClearanceNotice {
  return {
    Client: tenant.client,
    Facility: tenant.facility,
    Uuid: 'notice-1',
    Version: 1,
    CreatedAt: '2026-01-01 00:00:00',
    UpdatedAt: '2026-01-01 00:00:00',
    FileNumber: 'RP-2026/0815',
    Authority: 'Landesamt für Strahlenschutz',
    Holder: 'Klinikum Musterstadt',
    Site: 'Musterweg 1, 12345 Musterstadt',
    IssuedAt: '2025-12-15 00:00:00',
    ValidFrom: '2026-01-01 00:00:00',
    ValidUntil: null,
    ReleaseTypes: ['UNRESTRICTED'],
    WasteForms: ['SOLID'],
    Conditions: null,
    Limits: [],
    MaxAveragingMassKg: null,
    DisposalPlants: [],
    DocumentUuid: null,
    ...overrides,
  };
}

/**
 * A decision measurement of `containerUuid` at `at` of a container of `weightG`: the value used and the detection
 * limit in Bq/g, shared by `fractions`; nothing detected when `detected` is false.
 */
export function measurementFixture(options: {
  containerUuid: string;
  at: string;
  weightG: number;
  fractions: Record<string, number>;
  valueUsed: number;
  detectionLimit: number;
  detected?: boolean;
  surface?: { valueUsed: number; detectionLimit: number } | null;
  noFixedSurfaceReason?: string | null;
  tenant?: Tenant;
}): MeasurementRecord {
  const detected = options.detected ?? true;
  const nuclides = (value: number, limit: number): MeasuredNuclide[] =>
    Object.entries(options.fractions).map(([Nuclide, Fraction]) => ({
      Nuclide,
      Fraction,
      Efficiency: 0.1,
      EfficiencyRelUncertainty: 0,
      ValueUsed: Fraction * value,
      DetectionLimit: Fraction * limit,
    }));
  const counting = (value: number, limit: number, found: boolean) => ({
    GrossCounts: 1200,
    GrossTimeSeconds: 60,
    BackgroundCounts: 600,
    BackgroundTimeSeconds: 60,
    GrossRate: 20,
    BackgroundRate: 10,
    NetRate: 10,
    Efficiency: 0.1,
    EfficiencyRelUncertainty: 0,
    Activity: found ? value : limit / 4,
    StandardUncertainty: value / 10,
    DecisionThreshold: limit / 2,
    DetectionLimit: limit,
    Detected: found,
    ValueUsed: value,
  });
  const instrument = {
    Uuid: 'instrument-1',
    Name: 'Freimessanlage 1',
    Model: 'RTM 661',
    SerialNumber: 'SN-4711',
    Kind: 'FREE_RELEASE_MONITOR',
    CalibratedAt: '2026-01-10 00:00:00',
    CalibrationDueAt: '2027-01-10 00:00:00',
    LastCheckAt: options.at,
  };
  const surface = options.surface ?? null;
  const tenant = options.tenant ?? { client: 'c1', facility: 'f1' };
  return {
    Client: tenant.client,
    Facility: tenant.facility,
    Uuid: `measurement-${options.at}`,
    ContainerUuid: options.containerUuid,
    InstrumentUuid: instrument.Uuid,
    Instrument: instrument,
    MeasuredAt: options.at,
    MeasuredBy: 'ada',
    Geometry: 'BAG',
    WeightG: options.weightG,
    ...counting(options.valueUsed, options.detectionLimit, detected),
    Nuclides: nuclides(options.valueUsed, options.detectionLimit),
    Surface:
      surface === null
        ? null
        : {
            ...counting(surface.valueUsed, surface.detectionLimit, true),
            Instrument: instrument,
            Geometry: 'SURFACE',
            ProbeAreaCm2: 100,
            AveragingAreaCm2: 100,
            Nuclides: nuclides(surface.valueUsed, surface.detectionLimit),
          },
    NoFixedSurfaceReason:
      surface === null ? (options.noFixedSurfaceReason ?? 'A bag of soft waste: no fixed surface.') : null,
    ReleaseTypes: [],
    SharesAssumed: false,
    CreatedAt: options.at,
  };
}
