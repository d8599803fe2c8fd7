import { documentRoutes } from '../../shared/routes/documents';
import { referenceListing } from './listing';

/** GET .../documents/document-folder/{documentFolderUuid}: the documents of that document folder. */
export const handler = referenceListing(documentRoutes.documentFolder, 'DOCUMENT_FOLDER', 'documentFolderUuid');
