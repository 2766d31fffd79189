import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { DocumentUploadModal } from '../../../components/document-upload-modal.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { UpdateDocumentsFirstViewMutation } from '../api/update-documents-first-view.ts';
import { useDocumentChanges } from '../hooks/use-document-changes.ts';
import { useDocumentsView } from '../hooks/use-documents-view.ts';
import { useDocumentsZip } from '../hooks/use-documents-zip.ts';
import { DeleteDocumentsModal } from './delete-documents-modal.tsx';
import { DocumentActions } from './document-actions.tsx';
import classes from './documents.module.css';
import { DocumentsIntro } from './documents-intro.tsx';
import { DocumentsListing } from './documents-listing.tsx';
import { FoldersPanel } from './folders-panel.tsx';
import { MoveDocumentsModal } from './move-documents-modal.tsx';

const FLAG_SAVE_FAILED = 'Could not save your change, please try again.';

/**
 * The Documents tab of the practice overview (spec 002 §2–9): the first-time alert, the folder
 * grid, the open folder's table or the search's, and the buttons. Everyone who may read the
 * practice reads and downloads; who may change the practice (its managers, the back office)
 * uploads, moves and deletes.
 */
export function DocumentsTab() {
  const { practiceId, permissions, firstView, refetch: refetchPractice, setTotal } = usePracticeContext();
  const canChange = permissions.practice.changePractice;
  const view = useDocumentsView(practiceId);
  const [modal, setModal] = useState<'upload' | 'move' | 'delete' | null>(null);
  const [, clearFirstView] = useMutation(UpdateDocumentsFirstViewMutation);
  const [dismissing, setDismissing] = useState(false);
  const changes = useDocumentChanges(view, () => setModal(null));
  const { selectedIds, fromFolderId } = changes;
  const zip = useDocumentsZip(practiceId);
  const searching = view.search !== '';

  const totalDocuments = view.folders.reduce((sum, f) => sum + f.count, 0);
  useEffect(() => {
    if (view.folders.length) setTotal('documents', totalDocuments);
  }, [view.folders.length, totalDocuments, setTotal]);

  const dismissIntro = async () => {
    setDismissing(true);
    const result = await clearFirstView({ practiceId });
    setDismissing(false);
    if (result.error) notifyError(FLAG_SAVE_FAILED);
    else refetchPractice();
  };

  return (
    <Stack gap="md">
      {firstView.documents ? (
        <DocumentsIntro canDismiss={canChange} busy={dismissing} onDismiss={() => void dismissIntro()} />
      ) : null}
      <FoldersPanel view={view} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <div className={classes.toolbar}>
            <Title order={2} fz={18}>
              {searching ? `Search results for "${view.search}"` : (view.openFolder?.name ?? 'Documents')}
            </Title>
            <DocumentActions
              canChange={canChange}
              selectedIds={selectedIds}
              fromFolderId={fromFolderId}
              openFolder={view.openFolder}
              zip={zip}
              onOpen={setModal}
            />
          </div>
          {selectedIds.length ? (
            <Text fz="sm" c="dimmed" aria-live="polite">
              {selectedIds.length} selected
            </Text>
          ) : null}
          <DocumentsListing view={view} canChange={canChange} />
        </Stack>
      </Paper>
      {canChange ? (
        <>
          <DocumentUploadModal
            key={`upload-${view.openFolder?.id ?? 'none'}`}
            opened={modal === 'upload'}
            folders={view.allFolders}
            defaultFolderId={view.openFolder?.id ?? null}
            target={{ practiceId }}
            onClose={() => setModal(null)}
            onUploaded={() => view.refetch()}
          />
          <MoveDocumentsModal
            key={`move-${modal === 'move'}`}
            opened={modal === 'move'}
            count={selectedIds.length}
            folders={view.allFolders}
            openFolderId={fromFolderId}
            busy={changes.moving}
            onMove={(id) => void changes.confirmMove(id)}
            onClose={() => setModal(null)}
          />
          <DeleteDocumentsModal
            opened={modal === 'delete'}
            documents={changes.selectedRows}
            busy={changes.archiving}
            onConfirm={() => void changes.confirmArchive()}
            onClose={() => setModal(null)}
          />
        </>
      ) : null}
    </Stack>
  );
}
