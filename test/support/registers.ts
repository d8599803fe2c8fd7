/**
 * The facility registers over the API, for contract tests: a clearance notice and an instrument recorded by the
 * facility's officer, a function check, and a container ready for its decision measurement.
 */
import { expect } from 'vitest';
import type { Body } from '../../clients/typescript/src/index';
import { formatTimestamp } from '../../shared/domain/time';
import { call, containerPath, token } from './api';

type Tenant = { client: string; facility: string; token: string };

/** The radiation protection officer of the tenant. */
export const rpoOf = (t: { client: string; facility: string }) =>
  token({ clients: [t.client], facilities: [t.facility], roles: ['rpo'], name: 'Rosa Officer' });

const facility = (t: { client: string; facility: string }) => `/waste-management/api/v1/${t.client}/${t.facility}`;
export const noticePath = (t: { client: string; facility: string }, uuid?: string) =>
  `${facility(t)}/clearance-notice${uuid ? `/${uuid}` : ''}`;
export const instrumentPath = (t: { client: string; facility: string }, uuid?: string) =>
  `${facility(t)}/instrument${uuid ? `/${uuid}` : ''}`;
export const measurementPath = (t: { client: string; facility: string }, container: string) =>
  `${containerPath(t, container)}/measurement`;

/** Now, as the API writes time, `seconds` from now. */
export const at = (seconds = 0) => formatTimestamp(new Date(Date.now() + seconds * 1000));

export const NOTICE_BODY = {
  FileNumber: 'RP-42/2026',
  Authority: 'Landesamt für Umwelt',
  Holder: 'Klinikum Nord',
  Site: 'Hauptstraße 1, 12345 Musterstadt',
  IssuedAt: '2026-01-10 00:00:00',
  ValidFrom: '2026-02-01 00:00:00',
  ReleaseTypes: ['UNRESTRICTED'],
  WasteForms: ['SOLID'],
} satisfies Body<'clearanceNotice.create'>;

/** A document of the facility (an acceptance declaration, a scan), created by the tenant: its uuid. */
export async function facilityDocument(t: Tenant, filename = 'Annahmeerklärung.pdf') {
  const r = await call('POST', `/document/api/v1/${t.client}/${t.facility}/documents`, {
    token: t.token,
    body: { Scope: 'DOCUMENT_FOLDER', ScopeReference: t.facility, Filename: filename },
  });
  expect(r.status, r.text).toBe(200);
  return r.body.DocumentModel.Uuid as string;
}

/** A notice of both disposal routes (and UNRESTRICTED), each with a plant whose acceptance declaration is archived. */
export async function createDisposalNotice(t: Tenant, more: object = {}) {
  const [landfill, incinerator] = [await facilityDocument(t), await facilityDocument(t)];
  return createNotice(t, {
    ...NOTICE_BODY,
    ReleaseTypes: ['UNRESTRICTED', 'SPECIFIC_LANDFILL', 'SPECIFIC_INCINERATION'],
    DisposalPlants: [
      {
        Route: 'SPECIFIC_LANDFILL',
        Name: 'Deponie Nord',
        Address: 'Deponieweg 5, 12345 Musterstadt',
        AcceptanceDocumentUuid: landfill,
      },
      {
        Route: 'SPECIFIC_INCINERATION',
        Name: 'MVA Süd',
        Address: 'Ofenstraße 2, 12345 Musterstadt',
        AcceptanceDocumentUuid: incinerator,
      },
    ],
    ...more,
  });
}

export async function createNotice(t: { client: string; facility: string }, body: object = NOTICE_BODY) {
  const r = await call('POST', noticePath(t), { token: rpoOf(t), body });
  expect(r.status, r.text).toBe(200);
  return r.body.ClearanceNoticeModel as Record<string, any>;
}

/** A counter calibrated a year around now for F-18 in a bag and on a surface (probe 100 cm²). */
export const INSTRUMENT_BODY = {
  Name: 'Freimessanlage Keller',
  Model: 'RTM661/Inka',
  SerialNumber: 'RTM-0815',
  Kind: 'FREE_RELEASE_MONITOR',
  Calibrations: [
    { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1 },
    { Geometry: 'SURFACE', Nuclide: 'F-18', Efficiency: 0.2, ProbeAreaCm2: 100 },
  ],
  CalibratedAt: at(-180 * 86_400),
  CalibrationDueAt: at(180 * 86_400),
} satisfies Body<'instrument.create'>;

export async function createInstrument(t: { client: string; facility: string }, body: object = INSTRUMENT_BODY) {
  const r = await call('POST', instrumentPath(t), { token: rpoOf(t), body });
  expect(r.status, r.text).toBe(200);
  return r.body.InstrumentModel as Record<string, any>;
}

/** A passing function check just now, by the tenant's token holder. */
export async function checkInstrument(t: Tenant, uuid: string, body: object = { CheckedAt: at(-60), Result: 'PASS' }) {
  const r = await call('POST', `${instrumentPath(t, uuid)}/check`, { token: t.token, body });
  expect(r.status, r.text).toBe(200);
  return r.body.InstrumentCheckModel as Record<string, any>;
}

/** A usable instrument: created by the officer, checked. */
export async function usableInstrument(t: Tenant, body: object = INSTRUMENT_BODY) {
  const instrument = await createInstrument(t, body);
  await checkInstrument(t, instrument.Uuid);
  return instrument.Uuid as string;
}

/** A contamination monitor with a 100 cm² probe, calibrated for F-18 and I-131 on a surface. */
export const PROBE_BODY = {
  ...INSTRUMENT_BODY,
  Name: 'Kontaminationsmonitor',
  Model: 'CoMo 170',
  SerialNumber: 'CoMo-17',
  Kind: 'CONTAMINATION_MONITOR',
  Calibrations: [
    { Geometry: 'SURFACE', Nuclide: 'F-18', Efficiency: 0.2, ProbeAreaCm2: 100 },
    { Geometry: 'SURFACE', Nuclide: 'I-131', Efficiency: 0.2, ProbeAreaCm2: 100 },
  ],
};

/** A usable contamination monitor for the surface part. */
export const usableProbe = (t: Tenant) => usableInstrument(t, PROBE_BODY);

/** A 10 kg container of F-18 waste (1 MBq, measured an hour ago), closed for decay just now. */
export async function closedContainer(t: Tenant, contents: object[] = [{ Nuclide: 'F-18', Activity: 1e6 }]) {
  const created = await call('POST', containerPath(t), { token: t.token, body: { Name: 'Bag 7', Weight: 10_000 } });
  expect(created.status, created.text).toBe(200);
  const uuid = created.body.ContainerModel.Uuid as string;
  for (const [i, content] of contents.entries()) {
    const added = await call('POST', `${containerPath(t, uuid)}/contents`, {
      token: t.token,
      body: { Kind: 'CYCLOTRON_PRODUCT', ContentId: `p-${i}`, ActivityDateTime: at(-3600), ...content },
    });
    expect(added.status, added.text).toBe(200);
  }
  const closed = await call('PUT', containerPath(t, uuid), { token: t.token, body: { State: 'DECAY' } });
  expect(closed.status, closed.text).toBe(200);
  return uuid;
}

/** Issue 27's counting: 1200 counts in 60 s against 600 in 60 s, in a bag. */
export const BAG_COUNTS = {
  Geometry: 'BAG',
  GrossCounts: 1200,
  GrossTimeSeconds: 60,
  BackgroundCounts: 600,
  BackgroundTimeSeconds: 60,
} as const;

/** The bag's counts measured now, with no fixed surface to measure. */
export const measurementBody = (instrument: string, change: object = {}) => ({
  InstrumentUuid: instrument,
  MeasuredAt: at(),
  ...BAG_COUNTS,
  NoFixedSurfaceReason: 'Loose gloves and swabs in a bag: no fixed surface to measure.',
  ...change,
});

export const settingsPath = (t: { client: string; facility: string }) => `${facility(t)}/settings`;
export const surveyPath = (t: { client: string; facility: string }, container: string) =>
  `${containerPath(t, container)}/survey`;

/** The facility under 10 CFR 35 (decay-in-storage), set by its officer; its settings as answered. */
export async function usFacility(t: { client: string; facility: string }, timeZone = 'America/Chicago') {
  const r = await call('PUT', settingsPath(t), {
    token: rpoOf(t),
    body: { Regime: 'US_NRC_10CFR35', TimeZone: timeZone },
  });
  expect(r.status, r.text).toBe(200);
  return r.body.FacilitySettingsModel as Record<string, any>;
}

/** A survey meter calibrated half a year ago, due in half a year. */
export const SURVEY_METER_BODY = {
  Name: 'Survey meter, hot lab',
  Model: 'Ludlum 3 with 44-9',
  SerialNumber: 'L3-25117',
  Kind: 'SURVEY_METER',
  CalibratedAt: at(-180 * 86_400),
  CalibrationDueAt: at(180 * 86_400),
} satisfies Body<'instrument.create'>;

/** A survey at background in counts per minute (net 2 cpm below its threshold of about 7 cpm). */
export const surveyBody = (instrument: string, surface = 52) => ({
  InstrumentUuid: instrument,
  SurveyedAt: at(),
  Scale: 'x0.1',
  NoShielding: true,
  Unit: 'CPM',
  Background: { Reading: 50, CountingTimeMinutes: 2 },
  Surface: { Reading: surface, CountingTimeMinutes: 2 },
});

/** A container of Tc-99m waste closed under 10 CFR 35 (the facility must be a US one). */
export const usClosedContainer = (t: Tenant) =>
  closedContainer(t, [{ Nuclide: 'Tc-99m', Activity: 4e8, ActivityDateTime: at(-3 * 86_400) }]);
