import { Alert, Anchor, Text } from '@mantine/core';
import { assessmentPath, MOVED_ASSESSMENT_MESSAGES } from '@portal/domain';
import { Link } from 'react-router';
import type { TAssessmentData } from '../../assessments/index.ts';

/**
 * On an assessment moved to a newer edition (docs/decisions/editions.md, "Moving a practice"):
 * it is kept read-only, and this says where the work goes on, with a link to its copy.
 */
export function MovedNotice({ assessment, practiceId }: { assessment: TAssessmentData; practiceId: number }) {
  const copy = assessment.moved_to_assessment;
  if (!assessment.moved_to_assessment_id) return null;
  return (
    <Alert color="blue" variant="light" title={MOVED_ASSESSMENT_MESSAGES.title} role="status">
      <Text fz="sm">{MOVED_ASSESSMENT_MESSAGES.text(copy?.survey_version?.name ?? 'a newer edition')}</Text>
      {copy ? (
        <Anchor
          component={Link}
          to={assessmentPath(practiceId, copy.id)}
          fz="sm"
          fw={600}
          mt={6}
          display="inline-block"
        >
          {MOVED_ASSESSMENT_MESSAGES.open}
        </Anchor>
      ) : null}
    </Alert>
  );
}
