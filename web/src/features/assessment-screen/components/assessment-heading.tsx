/**
 * The head of the assessment screen (spec 001 §2): the way back to the Accreditation tab, the
 * assessment's name and status badge, its History button for those who may read the audit trail,
 * and one line of due date, last update, standards and 'Read only'.
 */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import {
  assessmentTypeLabel,
  canChangeAssessmentInputs,
  canReadAuditTrail,
  formatDisplayDate,
} from '@portal/domain';
import { Link } from 'react-router';
import {
  AssessmentStatusBadge,
  lastUpdatedOf,
  type TAssessmentAccess,
  type TAssessmentData,
} from '../../assessments/index.ts';
import { HistoryButton } from '../../audit/index.ts';
import { usePracticeContext } from '../../practices/index.ts';

export function AssessmentHeading({
  assessment,
  access,
  tab,
}: {
  assessment: TAssessmentData;
  access: TAssessmentAccess;
  /** The Accreditation tab's address. */
  tab: string;
}) {
  const { access: practiceAccess } = usePracticeContext();
  const label = assessmentTypeLabel(assessment.type, assessment.survey_visit?.type);
  const editable = canChangeAssessmentInputs(access);
  // Who last changed the assessment itself (a status change), not who last answered.
  const updatedBy =
    assessment.last_updated_by && lastUpdatedOf(assessment) === assessment.updated_at
      ? ` by ${assessment.last_updated_by.first_name} ${assessment.last_updated_by.last_name}`
      : '';
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={tab} fz="sm">
        ‹ Accreditation
      </Anchor>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="center">
          <Title order={2} fz={22}>
            {label}
          </Title>
          <AssessmentStatusBadge
            status={assessment.status}
            moved={Boolean(assessment.moved_to_assessment_id)}
            size="lg"
          />
        </Group>
        {canReadAuditTrail(practiceAccess) ? (
          <HistoryButton
            subject="assessment"
            id={assessment.id}
            what={label}
            label="History of this assessment"
          />
        ) : null}
      </Group>
      <Text fz="sm" c="dimmed">
        {[
          assessment.due_date ? `Due ${formatDisplayDate(assessment.due_date)}` : null,
          `Last updated ${formatDisplayDate(lastUpdatedOf(assessment))}${updatedBy}`,
          assessment.survey_version?.name,
          editable ? null : 'Read only',
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
}
