import { folderColour } from '@portal/domain';
import type { TDocumentFolderRow } from '../api/get-document-folders.ts';

/** A folder tile of the grid: its colour cycled from the palette and its document count. */
export interface TDocumentFolder {
  id: number;
  name: string;
  code: string | null;
  count: number;
  colour: string;
}

/**
 * The folders the grid shows (with `includeHidden`, every one a document may go to: the upload
 * and move modals offer an empty-hidden folder too) (spec 002 §3, §7: visible, non-archived; an empty-hidden folder
 * only once it holds a document), coloured by their position so neighbours differ.
 */
export function documentFolders(
  rows: readonly TDocumentFolderRow[],
  options: { includeHidden?: boolean } = {},
): TDocumentFolder[] {
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      code: row.code ?? null,
      count: row.documents_aggregate.aggregate?.count ?? 0,
      hidden: row.empty_hidden,
    }))
    .filter((folder) => options.includeHidden || !folder.hidden || folder.count > 0)
    .map(({ hidden: _hidden, ...folder }, index) => ({ ...folder, colour: folderColour(index) }));
}
