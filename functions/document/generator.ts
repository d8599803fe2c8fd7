import { documentRoutes } from '../../shared/routes/documents';
import { referenceListing } from './listing';

/** GET .../documents/generator/{generatorUuid}: the documents of that generator. */
export const handler = referenceListing(documentRoutes.generator, 'GENERATOR', 'generatorUuid');
