import { referenceListing } from './listing';

/** GET .../documents/generator/{generatorUuid}: the documents of that generator. */
export const handler = referenceListing('document.generator', 'GENERATOR', 'generatorUuid');
