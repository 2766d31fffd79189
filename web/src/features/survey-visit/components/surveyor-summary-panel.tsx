import { Anchor, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { canEditSurveyorSummary, SUMMARY_READ_MORE_CHARS } from '@portal/domain';
import { useState } from 'react';
import { useOfflineAssessmentContext } from '../../assessment-offline/index.ts';
import type { TAssessmentAccess } from '../../assessments/index.ts';
import type { TSurveyorSummary } from '../hooks/use-surveyor-summaries.ts';
import { SUMMARY_SAVED_ON_DEVICE } from './summary-modal.tsx';

/**
 * The surveyor summaries of a survey visit (spec 001 §2, 002 §2): each surveyor's text, cut past
 * 500 characters with 'Read more', and an edit link for whoever may change it (its author, an
 * admin). Live: the list comes from the summaries subscription.
 */
export function SurveyorSummaryPanel({
  summaries,
  access,
  onOpen,
}: {
  summaries: readonly TSurveyorSummary[];
  access: TAssessmentAccess;
  onOpen(summary: TSurveyorSummary): void;
}) {
  // The user's summary written offline waits in the device's queue: said here, calmly, until sent.
  const offline = useOfflineAssessmentContext();
  const waiting = offline?.queue.some((w) => w.kind === 'summary' && w.userId === access.userId) ?? false;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="surveyor-summary-heading">
      <Title order={3} fz="sm" id="surveyor-summary-heading" mb="xs">
        Surveyor Summary
      </Title>
      {summaries.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No surveyor has written a summary yet.
        </Text>
      ) : (
        <Stack gap="md">
          {summaries.map((summary) => (
            <SummaryText
              key={summary.id}
              summary={summary}
              editable={canEditSurveyorSummary({ ...access, isAuthor: summary.user_id === access.userId })}
              onOpen={() => onOpen(summary)}
            />
          ))}
        </Stack>
      )}
      {waiting ? (
        <Text fz="sm" mt="xs" c="gray.7">
          {SUMMARY_SAVED_ON_DEVICE}
        </Text>
      ) : null}
    </Paper>
  );
}

function SummaryText({
  summary,
  editable,
  onOpen,
}: {
  summary: TSurveyorSummary;
  editable: boolean;
  onOpen(): void;
}) {
  const [expanded, setExpanded] = useState(false);
  const long = summary.text.length > SUMMARY_READ_MORE_CHARS;
  const author = summary.user ? `${summary.user.first_name} ${summary.user.last_name}` : 'A surveyor';
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm" fw={600}>
          {author}
        </Text>
        {editable ? (
          <Anchor component="button" type="button" fz="sm" onClick={onOpen}>
            Edit summary <VisuallyHidden>of {author}</VisuallyHidden>
          </Anchor>
        ) : null}
      </Group>
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {long && !expanded ? `${summary.text.slice(0, SUMMARY_READ_MORE_CHARS).trimEnd()}…` : summary.text}
      </Text>
      {long ? (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          px={0}
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Read less' : 'Read more'}
        </Button>
      ) : null}
    </Stack>
  );
}
