import { Alert, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ASSESSMENT_MESSAGES } from '@portal/domain';
import { format } from 'date-fns';
import type { ResponseStore, TAssessmentData } from '../../assessments/index.ts';
import { useReviewFacts } from '../hooks/use-review-facts.ts';
import { RepeatAssessmentAlert } from './repeat-assessment-alert.tsx';

/**
 * 'Review Surveyor Assessment' (spec 001 §2, a survey UNDER_REVIEW): what the surveyors found,
 * how far the review is, the NOT_MET indicators still without an action plan, who submitted when,
 * and the repeat-assessment notice when the 20 % rule fires.
 */
export function ReviewSurveyorPanel({
  assessment,
  store,
}: {
  assessment: TAssessmentData;
  store: ResponseStore;
}) {
  const facts = useReviewFacts(assessment, store);
  return (
    <Alert
      variant="light"
      color="blue"
      title={
        // A real heading, as the summary panel's others, so it is found by its words (spec 001 §2).
        <Title order={3} fz="sm" fw={700} c="inherit">
          {ASSESSMENT_MESSAGES.reviewSurveyorHeading}
        </Title>
      }
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing={4}>
          <Text fz="sm">
            {facts.rated} of {facts.total} indicators rated
          </Text>
          <Text fz="sm">
            {facts.met} met, {facts.notMet} not met
          </Text>
          <Text fz="sm">
            {facts.reviewed} of {facts.total} reviewed
          </Text>
          <Text fz="sm">
            {facts.furtherAction} {facts.furtherAction === 1 ? 'needs' : 'need'} further action
          </Text>
          <Text fz="sm">{facts.notMetWithoutPlan} not met without an action plan</Text>
          <Text fz="sm">
            {facts.openProblems.length} open{' '}
            {facts.openProblems.length === 1 ? 'non-conformity' : 'non-conformities'} not referred
          </Text>
        </SimpleGrid>
        {facts.submissions.length > 0 ? (
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              Submitted by
            </Text>
            <List size="sm" spacing={2} aria-label="Submitted by">
              {facts.submissions.map((s) => (
                <List.Item key={s.userId}>
                  {s.name}, {format(new Date(s.submittedAt), 'dd/MM/yyyy HH:mm')}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        <RepeatAssessmentAlert repeat={facts.repeat} asNote />
      </Stack>
    </Alert>
  );
}
