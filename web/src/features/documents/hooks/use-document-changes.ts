import { DOCUMENT_MESSAGES } from '@portal/domain';
import { useMutation } from 'urql';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ArchiveDocumentsMutation } from '../api/archive-documents.ts';
import { MoveDocumentsMutation } from '../api/move-documents.ts';
import type { TDocumentsView } from './use-documents-view.ts';

/**
 * Delete (archive) and move of the selected documents on the Documents tab, with their toasts;
 * a change that succeeds clears the selection, reloads the view and calls `onDone`. A move names
 * the folder the documents come from (the spec's oldFolder): the open one, or in a search the
 * one folder every selected document is in (`fromFolderId`, null when they are in several).
 */
export function useDocumentChanges(view: TDocumentsView, onDone: () => void) {
  const [archiveState, archive] = useMutation(ArchiveDocumentsMutation);
  const [moveState, move] = useMutation(MoveDocumentsMutation);
  const selectedRows = [...view.selected.values()];
  const selectedIds = [...view.selected.keys()];

  const done = () => {
    onDone();
    view.clearSelection();
    view.refetch();
  };

  const confirmArchive = async () => {
    const count = selectedIds.length;
    const result = await archive({ documentIds: selectedIds });
    if (result.error || !result.data) {
      notifyError(count === 1 ? DOCUMENT_MESSAGES.archiveFailed : DOCUMENT_MESSAGES.archiveManyFailed);
      return;
    }
    notifySuccess(DOCUMENT_MESSAGES.archiveSucceeded(count));
    done();
  };

  const fromFolders = new Set(selectedRows.map((r) => r.folder.id));
  const fromFolderId = fromFolders.size === 1 ? [...fromFolders][0]! : null;
  const confirmMove = async (toFolderId: number) => {
    if (fromFolderId === null) return;
    const result = await move({ documentIds: selectedIds, fromFolderId, toFolderId });
    if (result.error || !result.data) {
      notifyError(DOCUMENT_MESSAGES.moveFailed);
      return;
    }
    notifySuccess(DOCUMENT_MESSAGES.moved);
    done();
  };

  return {
    selectedRows,
    selectedIds,
    fromFolderId,
    confirmArchive,
    confirmMove,
    archiving: archiveState.fetching,
    moving: moveState.fetching,
  };
}
