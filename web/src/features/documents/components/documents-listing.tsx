import { Alert, Loader, Text } from '@mantine/core';
import { DOCUMENTS_SCREEN_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { useDocumentDownload } from '../../../lib/upload/use-document-download.ts';
import type { TDocumentRow } from '../api/get-documents.ts';
import type { TDocumentsView } from '../hooks/use-documents-view.ts';
import { DocumentDatesModal } from './document-dates-modal.tsx';
import { DocumentsTable } from './documents-table.tsx';

/**
 * What the Documents panel lists: a hint until a folder is open or a search typed, then the
 * open folder's documents or the search's (with their folder), or why there are none. A single
 * download that finds its file gone reloads the view. Who may change the practice edits a
 * document's dates (`canChange`).
 */
export function DocumentsListing({ view, canChange }: { view: TDocumentsView; canChange: boolean }) {
  const single = useDocumentDownload();
  const [editing, setEditing] = useState<TDocumentRow | null>(null);
  const searching = view.search !== '';
  const caption = searching
    ? `Documents matching "${view.search}"`
    : view.openFolder
      ? `Documents in ${view.openFolder.name}`
      : 'Documents';
  if (!view.listing)
    return (
      <Text c="dimmed" fz="sm">
        {DOCUMENTS_SCREEN_MESSAGES.chooseFolder}
      </Text>
    );
  if (view.documentsError)
    return (
      <Alert color="red" variant="light">
        The documents could not be loaded. Please try again.
      </Alert>
    );
  if (view.documentsLoading) return <Loader size="sm" aria-label="Loading documents" />;
  if (view.rows.length === 0)
    return (
      <Text c="dimmed" fz="sm" role="status">
        {searching
          ? DOCUMENTS_SCREEN_MESSAGES.noSearchResults(view.search)
          : DOCUMENTS_SCREEN_MESSAGES.emptyFolder}
      </Text>
    );
  return (
    <>
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
        onEditDates={canChange ? setEditing : undefined}
      />
      {editing ? (
        <DocumentDatesModal
          key={editing.id}
          document={editing}
          onClose={() => setEditing(null)}
          onSaved={() => view.refetch()}
        />
      ) : null}
    </>
  );
}
