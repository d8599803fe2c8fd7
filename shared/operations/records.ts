/**
 * What makes a stored record invalid under the current schema: its stored shape (shared/operations/stored-shapes.ts:
 * the same field schemas as the API), the domain rules (release, SOLVED), keys that agree with the record, and
 * references that must exist (a link or dispatch record needs its container).
 * Sequence memory (counters, page buckets) is regenerateSequenceMemory's business, not checked here.
 */
import * as v from 'valibot';
import { isKnownNuclide } from '../domain/decay';
import type { ContainerData } from '../domain/container-fields';
import { missingRelease } from '../domain/container-states';
import { entryRuleBreaches, type MaintenanceData } from '../domain/maintenance';
import { type ClearanceNoticeData, noticeRuleBreaches } from '../domain/clearance-notice';
import { type InstrumentData, instrumentRuleBreaches } from '../domain/instrument';
import { issueDetails } from '../schemas/body';
import { type Detail, detailText } from '../i18n/translate';
import { isBookkeeping, ITEM_TYPES, keys } from '../data/table';
import { STORED_SCHEMAS } from './stored-shapes';
import { regimeOfType } from '../domain/regimes';

export type StoredItem = Record<string, unknown> & { PK?: unknown; SK?: unknown; Type?: unknown };

const english = (d: Detail) => detailText(d, 'en');

/**
 * Records StrlSchV § 86 Abs. 2 and § 85 Abs. 3 keep 30 years, whatever a check finds: a released container, a release
 * record's document, a register line, a clearance notice a release cites, the material book's lines and items, a
 * licence a booking was checked against. (What belongs to a released container is found
 * through it: `containerOf`.)
 */
export function isKeptRecord(item: StoredItem): boolean {
  return (
    (item.Type === ITEM_TYPES.container && item.IsReleasedByRadiationProtectionOfficer === true) ||
    (item.Type === ITEM_TYPES.document && typeof item.KeptUntil === 'string') ||
    item.Type === ITEM_TYPES.releaseEntry ||
    // A notice a release cites: the record names it, so it stays with the record.
    (item.Type === ITEM_TYPES.clearanceNotice && typeof item.Citations === 'number' && item.Citations > 0) ||
    // The book of radioactive material is kept 30 years (§ 85 Abs. 3): its lines, its items, a licence it booked on.
    item.Type === ITEM_TYPES.bookLine ||
    item.Type === ITEM_TYPES.materialItem ||
    (item.Type === ITEM_TYPES.licence && typeof item.Bookings === 'number' && item.Bookings > 0)
  );
}

/** The container an item belongs to (a link, a dispatch or dispose record, an audit entry), if any. */
export function containerOf(item: StoredItem): { pk: string; uuid: string } | undefined {
  if (typeof item.PK !== 'string') return undefined;
  if (
    (
      [
        ITEM_TYPES.containerLink,
        ITEM_TYPES.dispatch,
        ITEM_TYPES.dispose,
        ITEM_TYPES.decisionMeasurement,
        ITEM_TYPES.survey,
        ITEM_TYPES.containerBook,
      ] as string[]
    ).includes(String(item.Type)) &&
    typeof item.ContainerUuid === 'string'
  )
    return { pk: item.PK, uuid: item.ContainerUuid };
  if (item.Type === ITEM_TYPES.audit && item.Entity === ITEM_TYPES.container && typeof item.EntityUuid === 'string')
    return { pk: item.PK, uuid: item.EntityUuid };
  return undefined;
}

/**
 * A register line the law does not carry: one that cites no clearance notice, or whose stored assessment did not
 * clear its type (the releases of the former override). Findings kept under § 86 Abs. 2, never removed.
 */
function releaseLineProblems(item: StoredItem): string[] {
  const problems: string[] = [];
  // A disposal after decay-in-storage rests on its survey, not on a notice and clearance values.
  if (regimeOfType(String(item.ReleaseType)).evidence === 'SURVEY') {
    const survey = item.Survey as { NetReading?: unknown; DecisionThreshold?: unknown } | undefined;
    if (!survey || typeof survey.NetReading !== 'number' || !(survey.NetReading <= Number(survey.DecisionThreshold)))
      problems.push('Survey: the disposal rests on no survey at background (kept under 10 CFR 35.2092)');
    return problems;
  }
  if (typeof item.ClearanceNoticeUuid !== 'string')
    problems.push('ClearanceNoticeUuid: the release cites no clearance notice (kept under StrlSchV § 86)');
  const sum = item.SumOfRatios;
  if (typeof sum !== 'number' || !(sum <= 1))
    problems.push(
      `SumOfRatios: ${JSON.stringify(sum ?? null)}: the stored assessment does not clear ${String(item.ReleaseType)} ` +
        '(kept under StrlSchV § 86)',
    );
  return problems;
}

/** The problems of a stored item (empty: valid), and the container it needs to exist, if any. */
export function recordProblems(item: StoredItem): {
  problems: string[];
  needsContainer?: { pk: string; uuid: string };
} {
  const type = typeof item.Type === 'string' ? item.Type : '';
  if (isBookkeeping(item)) return { problems: [] };
  const schema = STORED_SCHEMAS[type];
  if (!schema) return { problems: [`Type: unknown record type ${JSON.stringify(item.Type ?? null)}`] };
  const result = v.safeParse(schema, item, { abortPipeEarly: true });
  const problems = result.success ? [] : issueDetails(result.issues).map(english);
  const tenantKey =
    typeof item.Client === 'string' && typeof item.Facility === 'string'
      ? keys.tenant({ client: item.Client, facility: item.Facility })
      : undefined;
  const expectKey = (pk: string | undefined, sk: string) => {
    if (item.PK !== pk || item.SK !== sk)
      problems.push(`PK/SK: ${String(item.PK)} / ${String(item.SK)} do not match the record (${pk} / ${sk})`);
  };
  if (result.success) {
    if (type === ITEM_TYPES.container) {
      expectKey(tenantKey, keys.container(String(item.Uuid)));
      const data = item as unknown as ContainerData;
      if (data.State === 'DISPOSED' && missingRelease(data).length)
        problems.push(`State: ${data.State} without a complete release (${missingRelease(data).join(', ')})`);
    }
    if (type === ITEM_TYPES.document) expectKey(tenantKey, keys.document(String(item.Uuid)));
    if (type === ITEM_TYPES.maintenanceEntry) {
      expectKey(tenantKey, keys.maintenanceEntry(String(item.Uuid)));
      problems.push(...entryRuleBreaches(item as unknown as MaintenanceData).map(english));
    }
    if (type === ITEM_TYPES.releaseEntry) problems.push(...releaseLineProblems(item));
    if (type === ITEM_TYPES.containerLink && !isKnownNuclide(String(item.Nuclide)))
      problems.push(`Nuclide: ${String(item.Nuclide)} is not a known nuclide`);
    if (type === ITEM_TYPES.probe) {
      if (item.SK !== keys.probe(String(item.ProbeIdentifier)))
        problems.push(`SK: ${String(item.SK)} is not keyed by the probe identifier (run migrateProbeIdentifier)`);
      if ('ResponsivenessData' in item)
        problems.push('ResponsivenessData: older shape (run migrateResponsivenessData)');
    }
    if (type === ITEM_TYPES.clearanceNotice) {
      expectKey(tenantKey, keys.clearanceNotice(String(item.Uuid)));
      const notice = item as unknown as ClearanceNoticeData;
      problems.push(...noticeRuleBreaches({ ...notice, DisposalPlants: notice.DisposalPlants ?? [] }).map(english));
    }
    if (type === ITEM_TYPES.instrument) {
      expectKey(tenantKey, keys.instrument(String(item.Uuid)));
      problems.push(...instrumentRuleBreaches(item as unknown as InstrumentData).map(english));
    }
    if (type === ITEM_TYPES.instrumentCheck)
      expectKey(
        tenantKey,
        keys.instrumentCheck(String(item.InstrumentUuid), String(item.CheckedAt), String(item.Uuid)),
      );
    if (type === ITEM_TYPES.survey)
      expectKey(tenantKey, keys.survey(String(item.ContainerUuid), String(item.SurveyedAt), String(item.Uuid)));
    if (type === ITEM_TYPES.facilitySettings) expectKey(tenantKey, keys.settings);
    if (type === ITEM_TYPES.decisionMeasurement)
      expectKey(tenantKey, keys.measurement(String(item.ContainerUuid), String(item.MeasuredAt), String(item.Uuid)));
    if (type === ITEM_TYPES.maintenanceEntry && 'Title' in item)
      problems.push('Title: older shape (run migrateMaintenanceLogEntries)');
  }
  const container = type === ITEM_TYPES.audit ? undefined : containerOf(item);
  return { problems, ...(container ? { needsContainer: container } : {}) };
}
