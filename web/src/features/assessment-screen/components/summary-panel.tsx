import { Alert, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  ASSESSMENT_MESSAGES,
  isAnswered,
  outOfDateIndicatorCount,
  outOfDateIndicatorsText,
  portalToday,
  progressColour,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { ReviewSurveyorPanel } from '../../assessment-review/index.ts';
import {
  type ResponseStore,
  sameList,
  type TAssessmentData,
  useResponseSelector,
} from '../../assessments/index.ts';
import { SurveyResultsPanel } from '../../survey-visit/index.ts';

/**
 * What the panel counts (live, with unsaved edits): how many indicators are answered, of each set,
 * reviewed and needing further action. It renders again only when one of them changes.
 */
function usePanelCounts(assessment: TAssessmentData, store: ResponseStore) {
  const sets = assessment.survey_version?.indicator_sets ?? [];
  const [done = 0, reviewed = 0, further = 0, ...bySet] = useResponseSelector(
    store,
    () => {
      const answered = (ids: readonly number[]) =>
        ids.filter((id) => isAnswered(assessment.type, store.shown(id))).length;
      const all = sets.flatMap((s) => s.indicators.map((i) => i.id));
      const shown = all.map((id) => store.shown(id));
      return [
        answered(all),
        shown.filter((r) => r.reviewed).length,
        shown.filter((r) => r.further_action_required).length,
        ...sets.map((s) => answered(s.indicators.map((i) => i.id))),
      ];
    },
    sameList,
    store.getOutlineVersion,
  );
  return { done, reviewed, further, bySet };
}

/**
 * How many indicators have evidence out of date on the portal day: a document past its review date
 * or older than its indicator's look-back window (docs/decisions/evidence.md); '' when none.
 */
function outOfDateText(assessment: TAssessmentData): string {
  const sets = assessment.survey_version?.indicator_sets ?? [];
  const windows = new Map(sets.flatMap((s) => s.indicators.map((i) => [i.id, i.evidence_lookback_months])));
  return outOfDateIndicatorsText(
    outOfDateIndicatorCount(assessment.indicator_responses, portalToday(), (id) =>
      id === undefined ? null : windows.get(id),
    ),
  );
}

/**
 * The surveyor's view of the evidence (issue 32): the same count as the self assessment's summary,
 * above the survey's own panel (or alone while the survey is being rated).
 */
function SurveyEvidence({ assessment, children }: { assessment: TAssessmentData; children: ReactNode }) {
  const outOfDate = outOfDateText(assessment);
  if (!outOfDate) return children;
  return (
    <Stack gap="sm">
      <Alert variant="light" color="red" title={<PanelHeading>Evidence</PanelHeading>}>
        <Text fz="sm" fw={600}>
          {outOfDate}
        </Text>
      </Alert>
      {children}
    </Stack>
  );
}

/**
 * The summary panel (spec 001 §2): for a self assessment in progress or under review, the info
 * panel 'Commence the Self Assessment' with how many indicators are complete of how many, by set;
 * for a completed one, what the review found.
 */
export function SummaryPanel({ assessment, store }: { assessment: TAssessmentData; store: ResponseStore }) {
  const sets = assessment.survey_version?.indicator_sets ?? [];
  const all = sets.flatMap((s) => s.indicators.map((i) => i.id));
  const { done, reviewed, further, bySet } = usePanelCounts(assessment, store);
  const percent = all.length === 0 ? 0 : Math.round((done / all.length) * 100);
  if (assessment.type !== 'PRESURVEY') {
    let panel: ReactNode = null;
    if (['ACTION_REQUIRED', 'APPROVED'].includes(assessment.status))
      panel = <SurveyResultsPanel assessment={assessment} store={store} />;
    else if (assessment.status === 'UNDER_REVIEW')
      panel = <ReviewSurveyorPanel assessment={assessment} store={store} />;
    return <SurveyEvidence assessment={assessment}>{panel}</SurveyEvidence>;
  }
  if (assessment.status === 'COMPLETED') {
    return (
      <Alert variant="light" color="teal" title={<PanelHeading>Self assessment complete</PanelHeading>}>
        <Text fz="sm">
          {reviewed} of {all.length} indicators reviewed
          {further > 0 ? `; ${further} need further action` : ''}.
        </Text>
      </Alert>
    );
  }
  const inProgress = assessment.status === 'IN_PROGRESS';
  const outOfDate = outOfDateText(assessment);
  return (
    <Alert
      variant="light"
      color="blue"
      title={<PanelHeading>{ASSESSMENT_MESSAGES.commenceHeading}</PanelHeading>}
    >
      <Stack gap="sm">
        <Text fz="sm">
          {inProgress
            ? 'Work through each standard below: tick the items your practice has in place, then mark each indicator complete or not applicable. Everything saves as you go.'
            : 'Your accreditation provider is reviewing the self assessment.'}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Progress
            value={percent}
            color={progressColour(percent, inProgress)}
            size="lg"
            radius="xl"
            style={{ flex: 1 }}
            aria-label={`${done} of ${all.length} indicators complete`}
          />
          <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {done} of {all.length} complete
          </Text>
        </Group>
        {outOfDate ? (
          // The panel's own text colour: Mantine's red on the blue panel is 3.7:1 (axe color-contrast).
          <Text fz="sm" fw={700}>
            {outOfDate}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing={4}>
          {sets.map((set, index) => {
            const ids = set.indicators.map((i) => i.id);
            return (
              <Text key={set.id} fz="xs" c="dimmed">
                <Text span fw={600} c="var(--mantine-color-text)" fz="xs">
                  {set.full_code}
                </Text>{' '}
                {set.name}: {bySet[index]} of {ids.length}
              </Text>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Alert>
  );
}

/** The panel's title as a real heading, so it is found by its words (spec 001 §2 "headed"). */
function PanelHeading({ children }: { children: string }) {
  return (
    <Title order={3} fz="sm" fw={700} c="inherit">
      {children}
    </Title>
  );
}
