import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { offlineValueText } from '@portal/domain';
import { useState } from 'react';
import type { TOfflineAssessmentApi } from '../hooks/use-offline-assessment.ts';
import type { TOfflineConflict } from '../model/offline-replay.ts';

const WHEN = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "Changed by someone else" (docs/decisions/offline.md, "The conflict rule"): each field another
 * user changed while this one was offline, with both values; "Keep mine" writes the user's value
 * over theirs, "Keep theirs" drops the queued write. It closes once every conflict is decided.
 */
export function ConflictDialog({ offline }: { offline: TOfflineAssessmentApi }) {
  const { conflicts } = offline;
  return (
    <Modal
      opened={conflicts.length > 0}
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      title={
        <Text fw={700} component="span">
          Changed by someone else
        </Text>
      }
    >
      <Stack gap="md">
        <Text fz="sm">While you were offline, someone else changed these. Choose which to keep.</Text>
        {conflicts.map((conflict) => (
          <ConflictGroup key={conflict.write.seq} conflict={conflict} offline={offline} />
        ))}
      </Stack>
    </Modal>
  );
}

function ConflictGroup({
  conflict,
  offline,
}: {
  conflict: TOfflineConflict;
  offline: TOfflineAssessmentApi;
}) {
  const [busy, setBusy] = useState<'mine' | 'theirs' | null>(null);
  const { write } = conflict;
  const choose = async (choice: 'mine' | 'theirs') => {
    setBusy(choice);
    try {
      await offline.resolve(conflict, choice);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={write.label}>
      <Stack gap="xs">
        <Text fz="sm" fw={700}>
          {write.label}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Stack gap={2}>
            <Text fz="xs" fw={600} c="dimmed">
              Your value
            </Text>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {offlineValueText(write, write.value)}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text fz="xs" fw={600} c="dimmed">
              Their value{conflict.changedAt ? ` (changed ${WHEN.format(new Date(conflict.changedAt))})` : ''}
            </Text>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {offlineValueText(write, conflict.theirs)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            loading={busy === 'theirs'}
            onClick={() => void choose('theirs')}
          >
            Keep theirs
          </Button>
          <Button size="compact-sm" loading={busy === 'mine'} onClick={() => void choose('mine')}>
            Keep mine
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
