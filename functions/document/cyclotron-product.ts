import { referenceListing } from './listing';

/** GET .../documents/cyclotron-product/{cyclotronProductUuid}: the documents of that cyclotron product. */
export const handler = referenceListing('document.cyclotronProduct', 'CYCLOTRON_PRODUCT', 'cyclotronProductUuid');
