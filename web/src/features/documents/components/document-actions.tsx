import { Button, Group } from '@mantine/core';
import { DownloadIcon, MoveIcon, TrashIcon, UploadIcon } from '../../../components/icons.tsx';
import { requireConnection } from '../../../lib/offline/needs-connection.ts';
import type { useDocumentsZip } from '../hooks/use-documents-zip.ts';

/**
 * The Documents tab's buttons: Upload, Delete and Move for who may change the practice (Move only
 * for documents of one folder), Download All of the open folder and Download Selected as zips.
 */
export function DocumentActions({
  canChange,
  selectedIds,
  fromFolderId,
  openFolder,
  zip,
  onOpen,
}: {
  canChange: boolean;
  selectedIds: number[];
  fromFolderId: number | null;
  openFolder: { id: number; name: string } | null;
  zip: ReturnType<typeof useDocumentsZip>;
  onOpen(modal: 'upload' | 'move' | 'delete'): void;
}) {
  return (
    <Group gap="xs" role="toolbar" aria-label="Document actions">
      {canChange ? (
        <>
          <Button
            size="sm"
            leftSection={<UploadIcon size={16} />}
            onClick={() => requireConnection('Uploading files') && onOpen('upload')}
          >
            Upload
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<TrashIcon size={16} />}
            disabled={selectedIds.length === 0}
            onClick={() => onOpen('delete')}
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
            onClick={() => onOpen('move')}
          >
            Move
          </Button>
        </>
      ) : null}
      <Button
        size="sm"
        variant="default"
        leftSection={<DownloadIcon size={16} />}
        disabled={!openFolder}
        title={openFolder ? `Download every document of ${openFolder.name} as a zip` : undefined}
        loading={zip.busy === 'folder'}
        onClick={() => openFolder && void zip.download({ folderId: openFolder.id })}
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
  );
}
