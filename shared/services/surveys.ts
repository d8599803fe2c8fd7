/**
 * Decay-in-storage surveys (10 CFR 35.92(a)(1)), under a regime whose release rests on one: take one of a container
 * (anyone of the facility, under their own name) with a usable survey meter; it is recorded only when the surface
 * cannot be told from background (shared/domain/regimes/us-nrc-10cfr35/survey.ts), with the container's next version
 * and its audit entry in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { ContainerStore } from '../data/container-store';
import type { InstrumentStore } from '../data/instruments';
import type { SurveyStore } from '../data/surveys';
import type { Tenant } from '../data/table';
import { optimistic } from '../data/transact';
import { isReleased } from '../domain/container-states';
import { SURVEY_KIND, usabilityAt } from '../domain/instrument';
import { closedAt } from '../domain/measurement';
import { etagOf, newVersion } from '../domain/record';
import type { Regime } from '../domain/regimes';
import {
  checkAtBackground,
  readingOf,
  type SurveyInput,
  type SurveyModel,
  type SurveyRecord,
  surveyDecision,
  toSurveyModel,
} from '../domain/regimes/us-nrc-10cfr35/survey';
import { FUTURE_TOLERANCE_SECONDS, formatTimestamp, isInTheFuture } from '../domain/time';
import { badRequest, conflict, notFound } from '../errors';
import { writeContext } from './container-writes';
import type { FacilityRules } from './facility-settings';
import type { Writer } from './writes';

export interface SurveyPorts {
  containers: Pick<ContainerStore, 'load' | 'history'>;
  instruments: InstrumentStore;
  surveys: SurveyStore;
  /** The facility's regime (shared/services/facility-settings.ts). */
  rules: (tenant: Tenant) => Promise<Pick<FacilityRules, 'regime'>>;
}

/** 409 `regime.not_applicable` naming `member` unless the facility's regime rests its release on a survey. */
export function checkSurveyRegime(regime: Regime, member: string): void {
  if (regime.evidence !== 'SURVEY')
    throw conflict('regime.not_applicable', { member, regime: regime.name, law: regime.law });
}

/** The states a container is surveyed in. */
const SURVEYED_STATES = ['DECAY', 'RELEASE_DATE_REACHED'];

export function surveyService(ports: SurveyPorts, clock: () => Date = () => new Date()) {
  return {
    async add(
      tenant: Tenant,
      caller: Writer,
      uuid: string,
      body: SurveyInput,
      requestId: string,
    ): Promise<{ model: SurveyModel; etag: string }> {
      return optimistic(async () => {
        const [view, { regime }] = await Promise.all([
          ports.containers.load(tenant, uuid, { consistent: true }),
          ports.rules(tenant),
        ]);
        if (!view) throw notFound('container.not_found');
        checkSurveyRegime(regime, 'A survey');
        const container = view.record;
        if (!SURVEYED_STATES.includes(container.State))
          throw conflict('container.survey_state', { state: container.State });
        if (isReleased(container))
          throw conflict('container.release_frozen', {
            at: container.ReleasedByRadiationProtectionOfficerDateTime ?? '',
          });
        const now = clock();
        const at = body.SurveyedAt;
        if (isInTheFuture(at, now))
          throw badRequest([
            { key: 'detail.future', params: { field: 'SurveyedAt', minutes: FUTURE_TOLERANCE_SECONDS / 60 } },
          ]);
        const closed = closedAt(container, await ports.containers.history(tenant, uuid));
        if (closed !== null && at < closed) throw conflict('container.measurement_before_decay', { at, since: closed });
        const [instrument, lastCheck] = await Promise.all([
          ports.instruments.get(tenant, body.InstrumentUuid, { consistent: true }),
          ports.instruments.lastCheck(tenant, body.InstrumentUuid, at),
        ]);
        if (!instrument) throw notFound('instrument.not_found');
        if (instrument.Kind !== SURVEY_KIND)
          throw conflict('survey.instrument_kind', { instrument: instrument.Uuid, kind: instrument.Kind });
        const usability = usabilityAt(instrument, lastCheck, at);
        if (!usability.usable)
          throw conflict('instrument.not_usable', { instrument: instrument.Uuid, at }, usability.reasons);
        const background = readingOf(body.Background);
        const surface = readingOf(body.Surface);
        const decision = surveyDecision(body.Unit, background, surface);
        checkAtBackground(body.Unit, background, surface, decision);
        const survey: SurveyRecord = {
          Uuid: randomUUID(),
          Client: tenant.client,
          Facility: tenant.facility,
          ContainerUuid: uuid,
          SurveyedAt: at,
          SurveyedBy: caller.sub,
          Instrument: {
            Uuid: instrument.Uuid,
            Name: instrument.Name,
            Model: instrument.Model,
            SerialNumber: instrument.SerialNumber,
            CalibratedAt: instrument.CalibratedAt,
            CalibrationDueAt: instrument.CalibrationDueAt,
          },
          Unit: body.Unit,
          Scale: body.Scale,
          NoShielding: true,
          Background: background,
          Surface: surface,
          ...decision,
          CreatedAt: formatTimestamp(now),
        };
        const next = newVersion(container, now);
        await ports.surveys.record(container, next, survey, writeContext(caller, now, requestId));
        const names = new Map(caller.name ? [[caller.sub, caller.name]] : []);
        return { model: toSurveyModel(survey, names), etag: etagOf(next) };
      });
    },
  };
}
