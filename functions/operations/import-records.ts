import { importRecords } from '../../shared/operations/import-records';
import { stepHandler } from '../../shared/operations/step-handler';
import { transferPlaces } from '../commons/transfer';

/** One step of importRecords. */
export const handler = stepHandler(importRecords(transferPlaces));
