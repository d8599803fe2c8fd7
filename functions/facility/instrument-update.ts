import { instrumentRoutes } from '../../shared/routes/facility';
import { instrumentMembers, instrumentUpdateSchema } from '../../shared/schemas/instrument';
import { instruments } from '../commons/instruments';
import { recordUpdate } from '../commons/record-update';

export const handler = recordUpdate(
  instrumentRoutes.update,
  instruments,
  { schema: instrumentUpdateSchema, members: instrumentMembers },
  { model: 'InstrumentModel', success: 'instrument.updated' },
);
