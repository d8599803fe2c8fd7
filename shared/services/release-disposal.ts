/**
 * The release of a regime whose release rests on a survey (10 CFR 35.92, decay-in-storage): the container's radiation
 * labels already removed (35.92(a)(3)), its newest survey since it entered DECAY at background (the survey route
 * records none that is not), the record in English with US dates in the facility's time zone, kept for the regime's
 * retention under Object Lock, and its register line. No clearance notice, no clearance values. Knows the ports only.
 */
import { timeOrderedUuid } from '../domain/ids';
import { closedAt } from '../domain/measurement';
import { DECAY_IN_STORAGE } from '../domain/release-types';
import {
  disposalRecordContent,
  disposalRegisterRow,
  type DisposalFacts,
} from '../domain/regimes/us-nrc-10cfr35/record';
import { keptUntilFor } from '../domain/register-chain';
import { releasedContainer } from '../domain/release-record';
import { formatTimestamp } from '../domain/time';
import { conflict } from '../errors';
import type { ContainerStore } from '../data/container-store';
import type { PreparedRelease, ReleaseParts, ReleaseRequest } from './release-act';
import { keepRecord, recordFilename } from './release-keeping';

export function disposalAfterSurvey(store: ContainerStore, parts: ReleaseParts) {
  return async function prepare(request: ReleaseRequest, timeZone: string): Promise<PreparedRelease> {
    const { view, container, caller, justification, now } = request;
    const tenant = { client: container.Client, facility: container.Facility };
    if (!container.LabelsRemoved) throw conflict('container.labels_on');
    if (!parts.surveys) throw new Error('a release after a survey needs the surveys');
    const [history, survey, previous] = await Promise.all([
      store.history(tenant, container.Uuid),
      parts.surveys.newest(tenant, container.Uuid),
      parts.register.head(tenant),
    ]);
    const sealedAt = closedAt(container, history);
    const since = sealedAt ?? container.CreatedAt;
    if (!survey || survey.SurveyedAt < since) throw conflict('container.survey_required', { since });
    const next = releasedContainer(container, caller.sub, now, null);
    const names = await store.names(next.Client, [...new Set([caller.sub, survey.SurveyedBy])], { consistent: true });
    const until = keptUntilFor(DECAY_IN_STORAGE, now);
    const recordDocumentUuid = timeOrderedUuid(now);
    const facts: DisposalFacts = {
      container: next,
      links: view.links,
      survey,
      sealedAt,
      justification,
      recordDocumentUuid,
      officerName: caller.name ?? names.get(caller.sub) ?? null,
      names,
      timeZone,
      keptUntil: formatTimestamp(until),
    };
    const row = disposalRegisterRow(facts);
    const kept = await keepRecord(parts, {
      tenant,
      caller,
      view,
      next,
      bytes: await parts.render(disposalRecordContent(facts), now),
      filename: recordFilename(next.Name, now, 'Disposal record', 'Container'),
      until,
      row,
      previous,
      type: DECAY_IN_STORAGE,
      now,
    });
    return {
      next,
      write: { document: kept.document, line: kept.line, previous, notice: null },
      book: kept.book,
      archive: kept.archive,
      audit: [
        ...(justification === null ? [] : [{ field: 'Justification', old: null, new: justification }]),
        {
          field: 'ReleaseRecord',
          old: null,
          new: {
            RecordDocumentUuid: recordDocumentUuid,
            Sha256: kept.hash,
            ReleaseType: DECAY_IN_STORAGE,
            SurveyUuid: survey.Uuid,
            AtBackground: true,
          },
        },
      ],
      model: {
        ContainerUuid: next.Uuid,
        RecordDocumentUuid: recordDocumentUuid,
        ReleaseType: DECAY_IN_STORAGE,
        ClearanceNoticeUuid: null,
        ReleasedAt: row.ReleasedAt,
        ReleasedBy: row.ReleasedBy,
        ReleasedByName: row.ReleasedByName,
        Justification: justification,
        DisposalPlant: null,
        DiscrepancyCause: null,
        Assessment: null,
        Sha256: kept.hash,
      },
      notes: [],
    };
  };
}
