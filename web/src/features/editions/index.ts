/**
 * The editions feature's public API: the admin console's Editions screen (import, the list,
 * export, publish, retire), an edition's preview, the mappings between editions and the move of
 * practices to a newer edition. The console routes them.
 */
export { EditionPreviewRoute } from './components/edition-preview.tsx';
export { EditionsView } from './components/editions-view.tsx';
export { MappingRoute } from './components/mapping-view.tsx';
export { MappingsView } from './components/mappings-view.tsx';
export { MoveRoute } from './components/move-view.tsx';
