/**
 * A container's radiation label (shared/domain/label.ts) in the words of the facility's regime, its activity
 * estimated now, its dates in the facility's time zone; 409 once it is released or its labels were removed (they stay
 * off). Knows the ports only.
 */
import type { ContainerStore } from '../data/container-store';
import type { Tenant } from '../data/table';
import { assessedContents } from '../domain/container-contents';
import { containerLabel, type LabelContent } from '../domain/label';
import { closedAt } from '../domain/measurement';
import { conflict } from '../errors';
import { requestTime } from '../replay';
import { loadOrNotFound } from './container-writes';
import type { FacilityRules } from './facility-settings';

export function labelService(
  store: Pick<ContainerStore, 'load' | 'history'>,
  /** The facility's regime and time zone (shared/services/facility-settings.ts). */
  rules: (tenant: Tenant) => Promise<Pick<FacilityRules, 'regime' | 'TimeZone'>>,
  clock: () => Date = requestTime,
) {
  return {
    /** The label of a container whose QR code holds `path`, in the regime's words (its `language`). */
    async label(tenant: Tenant, uuid: string, path: string): Promise<LabelContent> {
      const [view, history, { regime, TimeZone }] = await Promise.all([
        loadOrNotFound(store, tenant, uuid, false),
        store.history(tenant, uuid),
        rules(tenant),
      ]);
      const at = view.record.ReleasedByRadiationProtectionOfficerDateTime;
      if (at !== null) throw conflict('container.label_released', { at });
      // A regime that takes the labels off before the release (10 CFR 35.92 (a)(3)) prints none after.
      if (view.record.LabelsRemoved) throw conflict('container.label_removed');
      const sealed = view.record.State === 'OPEN' ? null : closedAt(view.record, history);
      return containerLabel({
        container: view.record,
        contents: assessedContents(view.links),
        sealedAt: sealed,
        path,
        now: clock(),
        timeZone: TimeZone,
        words: regime.labelWords,
      });
    },
  };
}
