import { useDebouncedValue } from '@mantine/hooks';
import { DOCUMENTS_PAGE_SIZE, DOCUMENTS_SEARCH_DEBOUNCE_MS } from '@portal/domain';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { GetDocumentFoldersQuery } from '../api/get-document-folders.ts';
import { GetDocumentsQuery, type TDocumentRow } from '../api/get-documents.ts';
import { documentFolders } from '../model/document-folders.ts';
import { documentsWhere } from '../model/documents-where.ts';

/**
 * What the Documents screen shows: the folders, the open folder (in the address, `?folder=`, so
 * a reload or a shared link opens it), the search (debounced), the page of documents and the
 * selection (kept by id with its rows across pages; cleared when the folder or the search
 * changes).
 */
export function useDocumentsView(practiceId: number) {
  const [params, setParams] = useSearchParams();
  const openFolderId = Number(params.get('folder')) || null;
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), DOCUMENTS_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlyMap<number, TDocumentRow>>(new Map());

  const [foldersResult, refetchFolders] = useQuery({
    query: GetDocumentFoldersQuery,
    variables: { practiceId },
    requestPolicy: 'cache-and-network',
  });
  const allFolders = useMemo(
    () => documentFolders(foldersResult.data?.folders ?? [], { includeHidden: true }),
    [foldersResult.data],
  );
  const folders = useMemo(() => documentFolders(foldersResult.data?.folders ?? []), [foldersResult.data]);
  const openFolder = allFolders.find((f) => f.id === openFolderId) ?? null;

  const where = useMemo(
    () => documentsWhere({ practiceId, folderId: openFolderId, search }),
    [practiceId, openFolderId, search],
  );
  const listing = search !== '' || openFolderId !== null;
  const variables = useMemo(
    () => ({ where, limit: DOCUMENTS_PAGE_SIZE, offset: (page - 1) * DOCUMENTS_PAGE_SIZE }),
    [where, page],
  );
  const [documentsResult, refetchDocuments] = useQuery({
    query: GetDocumentsQuery,
    variables,
    requestPolicy: 'cache-and-network',
    pause: !listing,
  });
  // urql keeps the last answer while the next is on its way: the previous page may stay until the
  // next arrives, but never another folder's or search's rows under this one's name.
  const documentsData =
    documentsResult.data &&
    JSON.stringify(documentsResult.operation?.variables.where) === JSON.stringify(variables.where)
      ? documentsResult.data
      : undefined;

  const openFolderById = useCallback(
    (folderId: number | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (folderId === null) next.delete('folder');
          else next.set('folder', String(folderId));
          return next;
        },
        { replace: false },
      );
      setPage(1);
      setSelected(new Map());
    },
    [setParams],
  );
  const changeSearch = useCallback((text: string) => {
    setSearchText(text);
    setPage(1);
    setSelected(new Map());
  }, []);

  const rows = listing ? (documentsData?.documents ?? []) : [];
  const select = useCallback(
    (ids: readonly number[], on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const id of ids) {
          const row = rows.find((r) => r.id === id);
          if (on && row) next.set(id, row);
          else next.delete(id);
        }
        return next;
      }),
    [rows],
  );
  const refetch = useCallback(() => {
    refetchFolders({ requestPolicy: 'network-only' });
    refetchDocuments({ requestPolicy: 'network-only' });
  }, [refetchFolders, refetchDocuments]);

  return {
    folders,
    allFolders,
    foldersLoading: foldersResult.fetching && !foldersResult.data,
    foldersError: foldersResult.error,
    openFolder,
    openFolderById,
    searchText,
    search,
    changeSearch,
    listing,
    rows,
    total: listing ? (documentsData?.documents_aggregate.aggregate?.count ?? 0) : 0,
    documentsLoading: listing && !documentsData && !documentsResult.error,
    documentsError: documentsResult.error,
    page,
    setPage,
    selected,
    select,
    clearSelection: useCallback(() => setSelected(new Map()), []),
    refetch,
  };
}
export type TDocumentsView = ReturnType<typeof useDocumentsView>;
