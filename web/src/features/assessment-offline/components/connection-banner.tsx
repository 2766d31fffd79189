import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { pendingChangesText, sendingChangesText, syncedChangesText } from '@portal/domain';
import { useEffect, useState } from 'react';
import type { TOfflineAssessmentApi } from '../hooks/use-offline-assessment.ts';

/** "10:42": the time of day the connection was lost. */
const CLOCK = new Intl.DateTimeFormat('en-AU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** How long "All changes saved." stays after a sync (the region itself stays). */
export const SYNCED_NOTICE_MS = 6000;

export const OFFLINE_LOCKS_NOTICE =
  'Others are not told which indicators you are editing while you are offline. Your changes are checked against theirs when you reconnect.';

/**
 * The connection banner of the assessment screen: offline since when and how many
 * changes wait; online with changes waiting, a "Send now"; "Sending 3 changes…" while they go;
 * "All changes saved." after (or, when some were refused, how many were not saved). One `status` region named "Connection", present (empty) while
 * there is nothing to say, so screen readers hear each change.
 */
export function ConnectionBanner({ offline }: { offline: TOfflineAssessmentApi }) {
  const { online, offlineSince, queue, sync, sending, refused } = offline;
  const [showDone, setShowDone] = useState(false);
  useEffect(() => {
    if (sync !== 'done') return;
    setShowDone(true);
    const timer = window.setTimeout(() => setShowDone(false), SYNCED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [sync]);

  let body: React.ReactNode = null;
  let tone: 'offline' | 'waiting' | 'syncing' | 'done' | 'refused' | null = null;
  if (!online) {
    tone = 'offline';
    body = (
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          {offlineSince ? `You are offline since ${CLOCK.format(offlineSince)}.` : 'You are offline.'}{' '}
          <Text span fz="sm" fw={400}>
            {pendingChangesText(queue.length)}
          </Text>
        </Text>
        <Text fz="sm">{OFFLINE_LOCKS_NOTICE}</Text>
      </Stack>
    );
  } else if (sync === 'syncing') {
    tone = 'syncing';
    body = (
      <Text fz="sm" fw={600}>
        {sendingChangesText(sending)}
      </Text>
    );
  } else if (queue.length > 0) {
    tone = 'waiting';
    body = (
      <Group justify="space-between" gap="sm">
        <Text fz="sm" fw={600}>
          {pendingChangesText(queue.length)}
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void offline.sendNow()}>
          Send now
        </Button>
      </Group>
    );
  } else if (sync === 'done' && refused.length > 0) {
    // Some writes were refused: never "All changes saved."; it stays while the list is up.
    tone = 'refused';
    body = (
      <Text fz="sm" fw={600}>
        {syncedChangesText(sending, refused.length)}
      </Text>
    );
  } else if (showDone) {
    tone = 'done';
    body = (
      <Text fz="sm" fw={600}>
        {syncedChangesText(sending, 0)}
      </Text>
    );
  }
  const colours = {
    offline: { bg: 'var(--mantine-color-gray-1)', bd: 'var(--mantine-color-gray-5)' },
    waiting: { bg: 'var(--mantine-color-blue-0)', bd: 'var(--mantine-color-blue-3)' },
    syncing: { bg: 'var(--mantine-color-blue-0)', bd: 'var(--mantine-color-blue-3)' },
    done: { bg: 'var(--mantine-color-teal-0)', bd: 'var(--mantine-color-teal-3)' },
    refused: { bg: 'var(--mantine-color-red-0)', bd: 'var(--mantine-color-red-3)' },
  } as const;
  return (
    <div role="status" aria-label="Connection" data-state={tone ?? 'online'}>
      {tone ? (
        <Paper
          radius="md"
          px="md"
          py="sm"
          style={{ background: colours[tone].bg, border: `1px solid ${colours[tone].bd}` }}
        >
          {body}
        </Paper>
      ) : null}
    </div>
  );
}
