/** Wiring of the survey function: the container, the instruments, the surveys and the facility's settings. */
import { tenantDocumentClient } from '../../shared/clients/dynamodb';
import { config } from '../../shared/config';
import { dynamoContainerReader } from '../../shared/data/container-reader';
import { dynamoSettingsStore } from '../../shared/data/facility-settings';
import { dynamoInstrumentStore } from '../../shared/data/instruments';
import { dynamoSurveyStore } from '../../shared/data/surveys';
import { perTenant } from '../../shared/http/tenant';
import { facilityRules } from '../../shared/services/facility-settings';
import { surveyService } from '../../shared/services/surveys';

export const surveys = perTenant((session) => {
  const db = tenantDocumentClient(session);
  const settings = dynamoSettingsStore(db, config.tableName);
  return surveyService({
    containers: dynamoContainerReader(db, config.tableName),
    instruments: dynamoInstrumentStore(db, config.tableName),
    surveys: dynamoSurveyStore(db, config.tableName),
    rules: (tenant) => facilityRules(settings, tenant),
  });
});
