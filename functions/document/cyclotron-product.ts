import { documentRoutes } from '../../shared/routes/documents';
import { referenceListing } from './listing';

/** GET .../documents/cyclotron-product/{cyclotronProductUuid}: the documents of that cyclotron product. */
export const handler = referenceListing(documentRoutes.cyclotronProduct, 'CYCLOTRON_PRODUCT', 'cyclotronProductUuid');
