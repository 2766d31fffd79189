import { Button, FileButton, Text } from '@mantine/core';
import { DOCUMENT_ACCEPT_ATTRIBUTE, MAX_FILES_PER_UPLOAD } from '@portal/domain';
import { type DragEvent, useState } from 'react';
import classes from './document-upload-modal.module.css';
import { UploadIcon } from './icons.tsx';

/**
 * The upload modal's drop zone: files dragged onto it or chosen with its button (the keyboard's
 * way in), with the accepted types and, for several files, the limit per upload.
 */
export function UploadDropZone({
  multiple,
  invalid,
  uploading,
  onFiles,
}: {
  multiple: boolean;
  /** Marks the zone while its files message shows. */
  invalid: boolean;
  uploading: boolean;
  onFiles(files: File[]): void;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) onFiles([...event.dataTransfer.files]);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the button inside chooses files from the keyboard
    <div
      className={classes.dropzone}
      data-dragging={dragging || undefined}
      data-error={invalid ? true : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!uploading) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <UploadIcon size={28} />
      <Text fz="sm" ta="center">
        {multiple ? 'Drag files here, or' : 'Drag a file here, or'}
      </Text>
      <FileButton onChange={onFiles} accept={DOCUMENT_ACCEPT_ATTRIBUTE} multiple disabled={uploading}>
        {(props) => (
          <Button {...props} variant="light" size="sm" disabled={uploading}>
            {multiple ? 'Choose files' : 'Choose a file'}
          </Button>
        )}
      </FileButton>
      <Text fz="xs" c="dimmed" ta="center">
        jpeg, png, pdf, gif, docx, doc, xlsx, xls or pages
        {multiple ? `; up to ${MAX_FILES_PER_UPLOAD} files at a time` : ''}
      </Text>
    </div>
  );
}
