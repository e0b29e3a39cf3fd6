/** The plan viewer: the page (src/viewer/page/, bundled for the browser) and the HTML it is served or written as. */
export { viewerAssets, type ViewerAssets } from './assets.ts';
export { offlinePage, servedPage, SERVED_PAGE_POLICY } from './html-page.ts';
export { classifyDocument, DocumentError, type ViewerData, type ViewerDocument } from './page/documents.ts';
