/**
 * The editions feature's public API: the admin console's Editions screen (import, the list,
 * export, publish, retire) and an edition's preview. The console routes them.
 */
export { EditionPreviewRoute } from './components/edition-preview.tsx';
export { EditionsView } from './components/editions-view.tsx';
