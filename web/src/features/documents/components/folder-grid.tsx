import { SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { DOCUMENTS_SCREEN_MESSAGES } from '@portal/domain';
import { FolderIcon } from '../../../components/icons.tsx';
import type { TDocumentFolder } from '../model/document-folders.ts';
import classes from './documents.module.css';

const countLabel = (count: number) => `${count} ${count === 1 ? 'document' : 'documents'}`;

/**
 * The grid of folders (spec 002 §2): a tile per folder in its colour with its document count.
 * Each tile is a button (Tab, Enter, Space) named '<name>, <n> documents', pressed while its
 * folder is open.
 */
export function FolderGrid({
  folders,
  openFolderId,
  onOpen,
}: {
  folders: readonly TDocumentFolder[];
  openFolderId: number | null;
  onOpen(folderId: number): void;
}) {
  if (!folders.length)
    return (
      <Text c="dimmed" fz="sm">
        {DOCUMENTS_SCREEN_MESSAGES.noFolders}
      </Text>
    );
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 3, md: 4, lg: 6 }}
      spacing="sm"
      aria-label="Folders"
      className={classes.grid}
    >
      {folders.map((folder) => (
        <li key={folder.id}>
          <UnstyledButton
            className={classes.folder}
            style={{ '--folder-colour': folder.colour }}
            aria-pressed={folder.id === openFolderId}
            onClick={() => onOpen(folder.id)}
          >
            <span className={classes.folderIcon}>
              <FolderIcon size={22} />
            </span>
            <span className={classes.folderName}>{folder.name}</span>
            <VisuallyHidden>, </VisuallyHidden>
            <span className={classes.folderCount}>{countLabel(folder.count)}</span>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}
