import { Text, Tooltip, UnstyledButton } from '@mantine/core';
import { shortenFileName } from '@portal/domain';
import { useDocumentDownload } from '../../../lib/upload/use-document-download.ts';
import type { TStaffDocumentRef } from '../model/staff-row.ts';
import classes from './staff-table.module.css';

/**
 * A staff document's name, shortened for display (spec 000 §5) with the full name on hover; a
 * click downloads it through a short-lived presigned URL. Short of room, the kind before it gives
 * way (an ellipsis), never the name.
 */
export function StaffDocumentLink({ document, kind }: { document: TStaffDocumentRef | null; kind?: string }) {
  const { download, busy } = useDocumentDownload();
  // None set, or one the caller cannot read: nothing shown (useStaffList logs the missing one).
  if (!document) return null;
  const shown = shortenFileName(document.name);
  // The name holds the words on show too, so speech input can say them (WCAG 2.5.3, axe
  // label-content-name-mismatch).
  const label =
    shown === document.name ? `Download ${document.name}` : `Download ${document.name}, shown as ${shown}`;
  return (
    <Text fz="xs" span className={classes.docLink}>
      {kind ? (
        <Text span c="dimmed" fz="xs" className={classes.docKind}>
          {kind}:
        </Text>
      ) : null}
      <Tooltip label={document.name} withinPortal>
        <UnstyledButton
          fz="xs"
          fw={500}
          // blue.9: 5.7:1 on the row in edit's tint (blue.7 was 3.7:1).
          c="blue.9"
          td="underline"
          aria-label={label}
          className={classes.docName}
          disabled={busy}
          onClick={() => download(document.id)}
          style={{ cursor: busy ? 'progress' : 'pointer' }}
        >
          {shown}
        </UnstyledButton>
      </Tooltip>
    </Text>
  );
}
