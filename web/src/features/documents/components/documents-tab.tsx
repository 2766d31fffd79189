import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DOCUMENT_MESSAGES, DOCUMENTS_SCREEN_MESSAGES } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { DocumentUploadModal } from '../../../components/document-upload-modal.tsx';
import { DownloadIcon, MoveIcon, SearchIcon, TrashIcon, UploadIcon } from '../../../components/icons.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { requireConnection } from '../../../lib/offline/needs-connection.ts';
import { useDocumentDownload } from '../../../lib/upload/use-document-download.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { ArchiveDocumentsMutation } from '../api/archive-documents.ts';
import { MoveDocumentsMutation } from '../api/move-documents.ts';
import { UpdateDocumentsFirstViewMutation } from '../api/update-documents-first-view.ts';
import { useDocumentsView } from '../hooks/use-documents-view.ts';
import { useDocumentsZip } from '../hooks/use-documents-zip.ts';
import { DeleteDocumentsModal } from './delete-documents-modal.tsx';
import classes from './documents.module.css';
import { DocumentsIntro } from './documents-intro.tsx';
import { DocumentsTable } from './documents-table.tsx';
import { FolderGrid } from './folder-grid.tsx';
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
  const [archiveState, archive] = useMutation(ArchiveDocumentsMutation);
  const [moveState, move] = useMutation(MoveDocumentsMutation);
  const single = useDocumentDownload();
  const zip = useDocumentsZip(practiceId);
  const selectedRows = [...view.selected.values()];
  const selectedIds = [...view.selected.keys()];
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

  const confirmArchive = async () => {
    const count = selectedIds.length;
    const result = await archive({ documentIds: selectedIds });
    if (result.error || !result.data) {
      notifyError(count === 1 ? DOCUMENT_MESSAGES.archiveFailed : DOCUMENT_MESSAGES.archiveManyFailed);
      return;
    }
    notifySuccess(DOCUMENT_MESSAGES.archiveSucceeded(count));
    setModal(null);
    view.clearSelection();
    view.refetch();
  };

  // A move names the folder the documents come from (the spec's oldFolder): the open one, or in a
  // search the one folder every selected document is in.
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
    setModal(null);
    view.clearSelection();
    view.refetch();
  };

  const caption = searching
    ? `Documents matching "${view.search}"`
    : view.openFolder
      ? `Documents in ${view.openFolder.name}`
      : 'Documents';

  return (
    <Stack gap="md">
      {firstView.documents ? (
        <DocumentsIntro canDismiss={canChange} busy={dismissing} onDismiss={() => void dismissIntro()} />
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <Title order={2} fz={18}>
              Folders
            </Title>
            <TextInput
              label={DOCUMENTS_SCREEN_MESSAGES.searchLabel}
              placeholder="Part of a document's name"
              leftSection={<SearchIcon size={16} />}
              value={view.searchText}
              onChange={(event) => view.changeSearch(event.currentTarget.value)}
              type="search"
              w={{ base: '100%', sm: 320 }}
            />
          </Group>
          {view.foldersError ? (
            <Alert color="red" variant="light">
              The folders could not be loaded. Please try again.
            </Alert>
          ) : view.foldersLoading ? (
            <Loader size="sm" aria-label="Loading folders" />
          ) : (
            <FolderGrid
              folders={view.folders}
              openFolderId={view.openFolder?.id ?? null}
              onOpen={(id) => {
                view.changeSearch('');
                view.openFolderById(id);
              }}
            />
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <div className={classes.toolbar}>
            <Title order={2} fz={18}>
              {searching ? `Search results for "${view.search}"` : (view.openFolder?.name ?? 'Documents')}
            </Title>
            <Group gap="xs" role="toolbar" aria-label="Document actions">
              {canChange ? (
                <>
                  <Button
                    size="sm"
                    leftSection={<UploadIcon size={16} />}
                    onClick={() => requireConnection('Uploading files') && setModal('upload')}
                  >
                    Upload
                  </Button>
                  <Button
                    size="sm"
                    variant="default"
                    leftSection={<TrashIcon size={16} />}
                    disabled={selectedIds.length === 0}
                    onClick={() => setModal('delete')}
                  >
                    Delete
                  </Button>
                  <Button
                    size="sm"
                    variant="default"
                    leftSection={<MoveIcon size={16} />}
                    disabled={selectedIds.length === 0 || fromFolderId === null}
                    title={
                      selectedIds.length > 0 && fromFolderId === null
                        ? 'Choose documents of one folder to move them'
                        : undefined
                    }
                    onClick={() => setModal('move')}
                  >
                    Move
                  </Button>
                </>
              ) : null}
              <Button
                size="sm"
                variant="default"
                leftSection={<DownloadIcon size={16} />}
                disabled={!view.openFolder}
                title={
                  view.openFolder ? `Download every document of ${view.openFolder.name} as a zip` : undefined
                }
                loading={zip.busy === 'folder'}
                onClick={() => view.openFolder && void zip.download({ folderId: view.openFolder.id })}
              >
                Download All
              </Button>
              <Button
                size="sm"
                variant="default"
                leftSection={<DownloadIcon size={16} />}
                disabled={selectedIds.length === 0}
                loading={zip.busy === 'selection'}
                onClick={() => void zip.download({ documentIds: selectedIds })}
              >
                Download Selected
              </Button>
            </Group>
          </div>
          {selectedIds.length ? (
            <Text fz="sm" c="dimmed" aria-live="polite">
              {selectedIds.length} selected
            </Text>
          ) : null}
          {!view.listing ? (
            <Text c="dimmed" fz="sm">
              {DOCUMENTS_SCREEN_MESSAGES.chooseFolder}
            </Text>
          ) : view.documentsError ? (
            <Alert color="red" variant="light">
              The documents could not be loaded. Please try again.
            </Alert>
          ) : view.documentsLoading ? (
            <Loader size="sm" aria-label="Loading documents" />
          ) : view.rows.length === 0 ? (
            <Text c="dimmed" fz="sm" role="status">
              {searching
                ? DOCUMENTS_SCREEN_MESSAGES.noSearchResults(view.search)
                : DOCUMENTS_SCREEN_MESSAGES.emptyFolder}
            </Text>
          ) : (
            <DocumentsTable
              caption={caption}
              rows={view.rows}
              total={view.total}
              page={view.page}
              onPage={view.setPage}
              showFolder={searching}
              selected={view.selected}
              onSelect={view.select}
              downloading={single.busy}
              onDownload={async (row) => {
                if ((await single.download(row.id)) === 'unavailable') view.refetch();
              }}
            />
          )}
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
            busy={moveState.fetching}
            onMove={(id) => void confirmMove(id)}
            onClose={() => setModal(null)}
          />
          <DeleteDocumentsModal
            opened={modal === 'delete'}
            documents={selectedRows}
            busy={archiveState.fetching}
            onConfirm={() => void confirmArchive()}
            onClose={() => setModal(null)}
          />
        </>
      ) : null}
    </Stack>
  );
}
