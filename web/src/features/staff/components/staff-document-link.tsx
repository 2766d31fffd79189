import { Text, Tooltip } from '@mantine/core';
import { shortenFileName } from '@portal/domain';
import type { TStaffDocumentRef } from '../model/staff-row.ts';

/** A staff document's name, shortened for display (spec 000 §5), the full name on hover. */
export function StaffDocumentLink({ document, kind }: { document: TStaffDocumentRef | null; kind?: string }) {
  if (!document) return null;
  return (
    <Tooltip label={document.name} withinPortal>
      <Text fz="xs" span>
        {kind ? (
          <Text span c="dimmed" fz="xs">
            {kind}:{' '}
          </Text>
        ) : null}
        <Text span fz="xs" fw={500} aria-label={document.name}>
          {shortenFileName(document.name)}
        </Text>
      </Text>
    </Tooltip>
  );
}
