import { Alert, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { DOCUMENTS_SCREEN_MESSAGES } from '@portal/domain';
import { SearchIcon } from '../../../components/icons.tsx';
import { Loading } from '../../../components/loading.tsx';
import type { TDocumentsView } from '../hooks/use-documents-view.ts';
import { FolderGrid } from './folder-grid.tsx';

/** The Documents tab's Folders panel: the search box and the folder grid (opening a folder ends a search). */
export function FoldersPanel({ view }: { view: TDocumentsView }) {
  return (
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
          <Loading size="sm" label="Loading folders" />
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
  );
}
