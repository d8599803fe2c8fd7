import { referenceListing } from './listing';

/** GET .../documents/document-folder/{documentFolderUuid}: the documents of that document folder. */
export const handler = referenceListing('document.documentFolder', 'DOCUMENT_FOLDER', 'documentFolderUuid');
