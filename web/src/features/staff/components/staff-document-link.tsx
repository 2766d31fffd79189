import { Text, Tooltip, UnstyledButton } from '@mantine/core';
import { shortenFileName } from '@portal/domain';
import { useDocumentDownload } from '../../../lib/upload/use-document-download.ts';
import type { TStaffDocumentRef } from '../model/staff-row.ts';

/**
 * A staff document's name, shortened for display (spec 000 §5) with the full name on hover; a
 * click downloads it through a short-lived presigned URL.
 */
export function StaffDocumentLink({ document, kind }: { document: TStaffDocumentRef | null; kind?: string }) {
  const { download, busy } = useDocumentDownload();
  if (!document) return null;
  return (
    <Text fz="xs" span style={{ whiteSpace: 'nowrap' }}>
      {kind ? (
        <Text span c="dimmed" fz="xs">
          {kind}:{' '}
        </Text>
      ) : null}
      <Tooltip label={document.name} withinPortal>
        <UnstyledButton
          fz="xs"
          fw={500}
          c="blue.7"
          td="underline"
          aria-label={`Download ${document.name}`}
          disabled={busy}
          onClick={() => download(document.id)}
          style={{ cursor: busy ? 'progress' : 'pointer' }}
        >
          {shortenFileName(document.name)}
        </UnstyledButton>
      </Tooltip>
    </Text>
  );
}
