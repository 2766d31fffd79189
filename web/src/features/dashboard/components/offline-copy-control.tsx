import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNetworkStatus } from '../../../lib/offline/network-status.ts';
import { useOfflineCopy } from '../hooks/use-offline-copy.ts';

/** The words of the control (the offline UI contract, docs/decisions/offline.md). */
export const OFFLINE_COPY_WORDS = {
  make: 'Make available offline',
  update: 'Update offline copy',
  needsConnection: 'Making available offline needs a connection. Try again when you are back online.',
  failed: 'The assessment could not be made available offline. Try again.',
} as const;

/** '10:42' today, '27/11/2026 10:42' another day. */
export function savedAtWords(savedAt: Date, now: Date = new Date()): string {
  const time = savedAt.toLocaleTimeString('en-AU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (savedAt.toDateString() === now.toDateString()) return time;
  return `${savedAt.toLocaleDateString('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric' })} ${time}`;
}

/**
 * 'Make available offline' on an upcoming visit (docs/decisions/offline.md#make-available):
 * keeps the visit's assessment on the device without opening it; then says when it was saved and
 * the button offers to update the copy. Offline, pressing it only says that it needs a connection
 * (the button stays focusable). `children` lays out the pieces: the status line (under the item's
 * words) and the button (beside the item's action).
 */
export function OfflineCopyControl({
  assessmentId,
  statusId,
  describedBy,
  children,
}: {
  assessmentId: number;
  /** The id the status line gets (the button is described by it). */
  statusId: string;
  /** The id of the text naming the practice, so a screen reader hears whose visit it is. */
  describedBy: string;
  children(parts: { status: ReactNode; button: ReactNode }): ReactNode;
}) {
  const copy = useOfflineCopy(assessmentId);
  const { online } = useNetworkStatus();
  // The copy's line stays when a press fails: the copy on the device is still there.
  const status =
    copy.problem || copy.savedAt ? (
      <Stack gap={2} id={statusId} data-testid={`offline-copy-${assessmentId}`}>
        {copy.savedAt ? (
          <Text fz="sm" c="teal.9">
            Available offline (saved {savedAtWords(copy.savedAt)})
          </Text>
        ) : null}
        {copy.problem ? (
          <Text fz="sm" c="red.8" role="alert">
            {copy.problem === 'offline' ? OFFLINE_COPY_WORDS.needsConnection : OFFLINE_COPY_WORDS.failed}
          </Text>
        ) : null}
      </Stack>
    ) : null;
  const button = (
    <Button
      size="xs"
      variant="default"
      loading={copy.saving}
      aria-disabled={online ? undefined : true}
      aria-describedby={status ? `${describedBy} ${statusId}` : describedBy}
      onClick={() => void copy.save(online)}
      style={{ flexShrink: 0 }}
    >
      {copy.savedAt ? OFFLINE_COPY_WORDS.update : OFFLINE_COPY_WORDS.make}
    </Button>
  );
  return children({ status, button });
}
