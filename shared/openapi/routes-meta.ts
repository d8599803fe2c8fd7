/**
 * What the OpenAPI document says of an operation beyond the route table: its request body, the
 * path and query parameters it takes and its 200 answer, as the valibot schemas the handlers
 * validate with. Kept out of the route modules (shared/routes/*.ts), which every function bundle
 * imports: only the generator and the contract tests import this, so a function carries valibot
 * and a schema only when its handler validates with it. Keyed by the route table's operation (the
 * routes of one operation share it), one entry for each: a forgotten or misspelt one fails tsc.
 */
import * as v from 'valibot';
import { DOCS_ASSETS } from '../routes/docs';
import type { OperationName } from '../routes';
import type { Route, RouteDocs } from '../routes/types';
import {
  containerCreateSchema,
  containerDefaultModel,
  containerModel,
  containerUpdateBodySchema,
} from '../schemas/container';
import { contentCreateSchema, contentModel } from '../schemas/content';
import {
  documentCreateSchema,
  documentModel,
  documentUpdateSchema,
  stateFilterSchema,
  uploadForm,
} from '../schemas/document';
import { maintenanceCreateSchema, maintenanceModel, maintenanceUpdateSchema } from '../schemas/maintenance';
import { noticeCreateSchema, noticeModel, noticeUpdateSchema } from '../schemas/clearance-notice';
import { settingsModel, settingsUpdateSchema } from '../schemas/settings';
import { surveyCreateSchema, surveyModel } from '../schemas/survey';
import {
  checkCreateSchema,
  checkModel,
  instrumentCreateSchema,
  instrumentModel,
  instrumentUpdateSchema,
} from '../schemas/instrument';
import { measurementCreateSchema, measurementModel } from '../schemas/measurement';
import { executionId, executionReply, OPERATION_INPUTS, segmentsQuery, startReply } from '../schemas/operation';
import { isSegmented, operations, perStartRoute } from '../routes/operations';
import {
  historyEntryModel,
  nuclideModel,
  releaseAssessmentModel,
  releaseBodySchema,
  releaseRecordModel,
} from '../schemas/release';
import { releaseTypeQuery, yearQuery } from '../schemas/release-queries';
import { registerVerificationModel, releaseRegisterModel, releaseRegisterSummaryModel } from '../schemas/register';
import { identifier } from '../schemas/fields';
import { elutionSchema, materialModel, movementModel, movementSchema, receiptSchema } from '../schemas/material';
import { atQuery, monthQuery, stateQuery } from '../schemas/material-queries';
import { bookVerificationModel, monthReportModel, stockModel, yearEndReportModel } from '../schemas/material-report';
import { licenceCreateSchema, licenceModel, licenceUpdateSchema } from '../schemas/licence';

const container = { item: 'ContainerModel', model: containerModel } as const;
const content = { item: 'ContainerContentModel', model: contentModel } as const;
const history = { collection: 'ContainerHistoryEntryModelCollection', model: historyEntryModel } as const;
const documentItem = { item: 'DocumentModel', model: documentModel } as const;
/** A document listing: the collection of DocumentModels, narrowed by `?State=`. */
const documents = {
  query: { State: stateFilterSchema },
  reply: { collection: 'DocumentModelCollection', model: documentModel },
} as const;
const entry = { item: 'MaintenanceLogEntryModel', model: maintenanceModel } as const;
const entries = { collection: 'MaintenanceLogEntryModelCollection', model: maintenanceModel } as const;
const notice = { item: 'ClearanceNoticeModel', model: noticeModel } as const;
const instrument = { item: 'InstrumentModel', model: instrumentModel } as const;
const settings = { item: 'FacilitySettingsModel', model: settingsModel } as const;
const licence = { item: 'LicenceModel', model: licenceModel } as const;
const item = { item: 'MaterialModel', model: materialModel } as const;
const items = { query: { State: stateQuery }, reply: { collection: 'MaterialModelCollection', model: materialModel } };

/** By operation (`container.load`). */
export const routeDocs: Readonly<Record<OperationName, RouteDocs>> = {
  'container.loadDefault': { reply: { item: 'ContainerModel', model: containerDefaultModel } },
  'container.load': { reply: container },
  'container.create': { body: containerCreateSchema, reply: container },
  'container.update': { body: containerUpdateBodySchema, reply: container },
  'container.delete': { reply: container },
  'container.contents': { reply: { collection: 'ContainerContentModelCollection', model: contentModel } },
  'container.addContent': { body: contentCreateSchema, reply: content },
  'container.removeContent': { reply: content },
  'container.releaseAssessment': {
    query: { releaseType: releaseTypeQuery, clearanceNoticeUuid: identifier },
    reply: { item: 'ReleaseAssessmentModel', model: releaseAssessmentModel },
  },
  'container.label': { reply: { media: ['application/pdf'] } },
  'container.history': { reply: history },
  'container.historyPage': { reply: history },
  'container.nuclides': { reply: { collection: 'NuclideModelCollection', model: nuclideModel } },
  'container.release': { body: releaseBodySchema, reply: { item: 'ReleaseRecordModel', model: releaseRecordModel } },
  'releaseRegister.list': {
    query: { year: yearQuery },
    reply: { collection: 'ReleaseRegisterModelCollection', model: releaseRegisterModel },
  },
  'releaseRegister.verify': {
    query: { year: yearQuery },
    reply: { item: 'ReleaseRegisterVerificationModel', model: registerVerificationModel },
  },
  'releaseRegister.summary': {
    query: { year: yearQuery },
    reply: { item: 'ReleaseRegisterSummaryModel', model: releaseRegisterSummaryModel },
  },
  'container.addMeasurement': {
    body: measurementCreateSchema,
    reply: { item: 'DecisionMeasurementModel', model: measurementModel },
  },
  'container.measurements': {
    reply: { collection: 'DecisionMeasurementModelCollection', model: measurementModel },
  },

  'container.addSurvey': { body: surveyCreateSchema, reply: { item: 'SurveyModel', model: surveyModel } },
  'settings.load': { reply: settings },
  'settings.update': { body: settingsUpdateSchema, reply: settings },

  'clearanceNotice.create': { body: noticeCreateSchema, reply: notice },
  'clearanceNotice.list': { reply: { collection: 'ClearanceNoticeModelCollection', model: noticeModel } },
  'clearanceNotice.load': { reply: notice },
  'clearanceNotice.update': { body: noticeUpdateSchema, reply: notice },
  'instrument.create': { body: instrumentCreateSchema, reply: instrument },
  'instrument.list': { reply: { collection: 'InstrumentModelCollection', model: instrumentModel } },
  'instrument.load': { reply: instrument },
  'instrument.update': { body: instrumentUpdateSchema, reply: instrument },
  'instrument.addCheck': { body: checkCreateSchema, reply: { item: 'InstrumentCheckModel', model: checkModel } },
  'instrument.checks': { reply: { collection: 'InstrumentCheckModelCollection', model: checkModel } },

  'licence.create': { body: licenceCreateSchema, reply: licence },
  'licence.list': { reply: { collection: 'LicenceModelCollection', model: licenceModel } },
  'licence.load': { reply: licence },
  'licence.update': { body: licenceUpdateSchema, reply: licence },
  'material.create': { body: receiptSchema, reply: item },
  'material.list': items,
  'material.page': items,
  'material.load': { reply: item },
  'material.elute': { body: elutionSchema, reply: item },
  'material.addMovement': { body: movementSchema, reply: { item: 'MaterialMovementModel', model: movementModel } },
  'material.movements': { reply: { collection: 'MaterialMovementModelCollection', model: movementModel } },
  'material.stock': { query: { at: atQuery }, reply: { item: 'StockModel', model: stockModel } },
  'materialReport.month': {
    query: { month: monthQuery },
    reply: { item: 'MaterialMonthReportModel', model: monthReportModel },
  },
  'materialReport.yearEnd': {
    query: { year: yearQuery },
    reply: { item: 'MaterialYearEndReportModel', model: yearEndReportModel },
  },
  'materialBook.verify': {
    query: { year: yearQuery },
    reply: { item: 'MaterialBookVerificationModel', model: bookVerificationModel },
  },

  'document.find': documents,
  'document.page': documents,
  'document.latest': documents,
  'document.facility': documents,
  'document.documentFolder': documents,
  'document.record': documents,
  'document.device': documents,
  'document.maintenanceLogEntry': documents,
  'document.generator': documents,
  'document.cyclotronProduct': documents,
  'document.create': { body: documentCreateSchema, reply: { ...documentItem, extra: { Upload: uploadForm } } },
  'document.update': { body: documentUpdateSchema, reply: documentItem },
  'document.report': { reply: documentItem },

  'maintenanceLog.find': { reply: entries },
  'maintenanceLog.page': { reply: entries },
  'maintenanceLog.create': { body: maintenanceCreateSchema, reply: entry },
  'maintenanceLog.update': { body: maintenanceUpdateSchema, reply: entry },

  // GET /service/{slug}: an operation's inputs (importRecords' `from`), a whole-table operation's `segments` (the flag
  // is the route table's), the execution it started.
  ...perStartRoute((_, o) => ({
    query: {
      ...Object.fromEntries(Object.keys(o.inputs ?? {}).map((name) => [name, OPERATION_INPUTS[name]!])),
      ...(isSegmented(o) ? { segments: segmentsQuery } : {}),
    },
    reply: { object: startReply([o.name]) },
  })),
  'service.executionStatus': {
    params: { executionId },
    reply: { object: executionReply(operations.map((o) => o.name)) },
  },

  'docs.openapi': { reply: { media: ['application/json'] } },
  'docs.page': { reply: { media: ['text/html'] } },
  'docs.asset': {
    params: { asset: v.picklist(Object.keys(DOCS_ASSETS) as (keyof typeof DOCS_ASSETS)[]) },
    reply: { media: [...new Set(Object.values(DOCS_ASSETS).map((a) => a.type))] },
  },
};

/** The documentation of a route (none for a route outside the table, as a test may make). */
export const docsOf = (route: Route): RouteDocs =>
  (routeDocs as Readonly<Record<string, RouteDocs>>)[route.operation] ?? {};
