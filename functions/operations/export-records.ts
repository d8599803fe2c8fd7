import { exportRecords } from '../../shared/operations/export-records';
import { stepHandler } from '../../shared/operations/step-handler';
import { transferPlaces } from '../commons/transfer';

/** One step of exportRecords. */
export const handler = stepHandler(exportRecords(transferPlaces));
