import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  EDITION_CHANGE_GROUP_TEXT,
  EDITION_CHANGE_GROUPS,
  EDITION_CHANGES_MESSAGES,
  editionChangeGroups,
  editionChangesSummary,
  formatDisplayDate,
  type TEditionChangeGroup,
  type TEditionChangeLine,
  type TEditionChanges,
} from '@portal/domain';
import { useApiDownload } from '../../../lib/download/use-api-download.ts';
import { editionChangesPath } from '../api/get-edition-changes.ts';
import { REPORT_DOWNLOAD_FAILED } from '../hooks/use-report-download.ts';
import { EditionMoveActions } from './edition-move-actions.tsx';

const COLOURS: Record<TEditionChangeGroup, string> = {
  new: 'blue',
  changed: 'orange',
  retired: 'gray',
  carried: 'green',
};

/**
 * "What changes for us" (issue 30): the editions, the four counts, then each group's indicators
 * with their codes and names and what becomes of this practice's answers; the same as a PDF.
 */
export function EditionChangesView({
  practiceId,
  changes,
  onMoved,
}: {
  practiceId: number;
  changes: TEditionChanges;
  /** Given to the back office: the view offers the move (it is its dry run) and its undo. */
  onMoved?(): void;
}) {
  const groups = editionChangeGroups(changes);
  const pdf = useApiDownload({ failed: REPORT_DOWNLOAD_FAILED, what: 'What changes for us' });
  const older = changes.assessment?.edition?.name ?? '—';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text fz="sm" c="dimmed">
          {older} → {changes.newer?.name ?? '—'}
          {changes.moved ? ` · moved on ${formatDisplayDate(changes.moved.movedOn)}` : ''}
        </Text>
        <Text fz="sm">{editionChangesSummary(changes)}</Text>
      </Stack>
      <Group justify="flex-end" gap="sm">
        {onMoved ? <EditionMoveActions changes={changes} onChanged={onMoved} /> : null}
        <Button
          variant="light"
          loading={pdf.busyId === practiceId}
          onClick={() =>
            void pdf.download(
              practiceId,
              editionChangesPath(practiceId, true),
              `practice-${practiceId}-what-changes.pdf`,
            )
          }
        >
          {EDITION_CHANGES_MESSAGES.download}
        </Button>
      </Group>
      <SimpleGrid
        cols={{ base: 2, sm: 4 }}
        spacing="sm"
        component="ul"
        aria-label="Counts"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {EDITION_CHANGE_GROUPS.map((group) => (
          <Paper key={group} component="li" withBorder radius="md" p="sm">
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
              {EDITION_CHANGE_GROUP_TEXT[group].heading}
            </Text>
            <Text fz={24} fw={700} c={groups[group].length ? `${COLOURS[group]}.8` : 'dimmed'}>
              {groups[group].length}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {EDITION_CHANGE_GROUPS.map((group) => (
        <ChangeGroup key={group} group={group} lines={groups[group]} />
      ))}
    </Stack>
  );
}

/** One group: its heading with the count, what it means, and its indicators as a list. */
function ChangeGroup({ group, lines }: { group: TEditionChangeGroup; lines: readonly TEditionChangeLine[] }) {
  const { heading, meaning } = EDITION_CHANGE_GROUP_TEXT[group];
  const id = `edition-changes-${group}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} fz="md" id={id}>
        {heading} ({lines.length})
      </Title>
      <Text fz="sm" c="dimmed">
        {meaning}
      </Text>
      {lines.length === 0 ? (
        <Text fz="sm" fs="italic" c="dimmed">
          None.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <Group
              key={line.code}
              component="li"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Badge
                color={COLOURS[group]}
                variant="light"
                radius="sm"
                tt="none"
                miw={56}
                style={{ flexShrink: 0 }}
              >
                {line.code}
              </Badge>
              <Stack gap={2} miw={0}>
                <Text fz="sm" fw={600}>
                  {line.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {[line.source, line.effect].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
