import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  ASSESSMENT_MESSAGES,
  actionPlanBadge,
  assessmentButtons,
  assessmentLockReason,
  assessmentTypeLabel,
  canDownloadActionPlanReport,
  canReadAssessmentResponses,
  formatDisplayDate,
  hasSurveyConfirmationForm,
  isSurveyConfirmationDue,
  surveyConfirmationRoute,
  type TAssessmentStatus,
  type TAssessmentType,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronRightIcon, DownloadIcon, LockIcon } from '../../../components/icons.tsx';
import type { TAssessmentAccess, TAssessmentRef } from '../hooks/use-assessment-access.ts';
import { lastUpdatedOf } from '../model/last-updated.ts';
import { AssessmentStatusBadge } from './assessment-status-badge.tsx';

export interface TAssessmentRow extends TAssessmentRef {
  id: number;
  type: TAssessmentType;
  status: TAssessmentStatus;
  due_date: string | null;
  updated_at: string;
  indicator_responses_aggregate: { aggregate: { max: { updated_at: string | null } | null } | null };
  survey_visit: { id: number; type: string; date: string | null; confirmation_form_status: string } | null;
}

/**
 * The Assessments table (spec 001 §2): type with its status badge, due date, last updated, the
 * Assessment Report badge (the report PDF), the action plan badge, the survey confirmation, and a
 * chevron. A row opens the assessment unless it is locked for the user; a locked row says why.
 */
export function AssessmentsTable({
  practiceId,
  rows,
  accessOf,
  onReport,
  reportBusyId,
  onActionPlan,
  actionPlanBusyId,
  onConfirmation,
  confirmationBusyId,
  headerAction,
}: {
  practiceId: number;
  rows: readonly TAssessmentRow[];
  accessOf(row: TAssessmentRow): TAssessmentAccess;
  onReport(assessmentId: number): void;
  reportBusyId: number | null;
  /** Downloads the action plan report of a survey visit assessment. */
  onActionPlan(assessmentId: number): void;
  actionPlanBusyId: number | null;
  /** Downloads the survey confirmation form of a visit. */
  onConfirmation(visitId: number): void;
  confirmationBusyId: number | null;
  /** Beside the heading (the back office's Add assessment). */
  headerAction?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Stack gap="xs" component="section" aria-labelledby="assessments-heading">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz={18} id="assessments-heading">
          Assessments
        </Title>
        {headerAction}
      </Group>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed" py="md">
          {ASSESSMENT_MESSAGES.noAssessments}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover aria-labelledby="assessments-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Due date</Table.Th>
                <Table.Th>Last updated</Table.Th>
                <Table.Th>Assessment Report</Table.Th>
                <Table.Th>Action plan</Table.Th>
                <Table.Th>Survey Confirmation</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Open</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const access = accessOf(row);
                const locked = assessmentLockReason(access);
                const label = assessmentTypeLabel(row.type, row.survey_visit?.type);
                const to = `/PracticeOverview/${practiceId}/Accreditation/Assessment/${row.id}`;
                const report =
                  !locked && canReadAssessmentResponses(access) && assessmentButtons(access).report;
                const plan = actionPlanBadge(row.type, row.status);
                const planDownload = plan !== null && !locked && canDownloadActionPlanReport(access);
                const visit = row.survey_visit;
                return (
                  <Table.Tr
                    key={row.id}
                    data-testid={`assessment-row-${row.id}`}
                    style={{ cursor: locked ? 'not-allowed' : 'pointer' }}
                    onClick={(event) => {
                      if (locked || (event.target as HTMLElement).closest('a,button')) return;
                      navigate(to);
                    }}
                  >
                    <Table.Td>
                      <Group gap={6} wrap="wrap" align="center">
                        {locked ? (
                          <Text fw={600} fz="sm" c="dimmed">
                            {label}
                          </Text>
                        ) : (
                          <Anchor component={Link} to={to} fw={600} fz="sm">
                            {label}
                          </Anchor>
                        )}
                        <AssessmentStatusBadge status={row.status} style={{ flexShrink: 0 }} />
                      </Group>
                    </Table.Td>
                    <Table.Td fz="sm">{formatDisplayDate(row.due_date) || '—'}</Table.Td>
                    <Table.Td fz="sm">{formatDisplayDate(lastUpdatedOf(row))}</Table.Td>
                    <Table.Td>
                      {report ? (
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<DownloadIcon size={14} />}
                          loading={reportBusyId === row.id}
                          onClick={() => onReport(row.id)}
                          aria-label={`Download the ${label} report`}
                        >
                          Report
                        </Button>
                      ) : (
                        <Text c="dimmed" fz="sm" component="span">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {plan && planDownload ? (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color={plan === 'action required' ? 'orange' : 'teal'}
                          leftSection={<DownloadIcon size={14} />}
                          loading={actionPlanBusyId === row.id}
                          onClick={() => onActionPlan(row.id)}
                          aria-label={`Download the ${label} action plan report, ${plan}`}
                        >
                          {plan}
                        </Button>
                      ) : plan ? (
                        <Badge
                          variant="light"
                          color={plan === 'action required' ? 'orange' : 'teal'}
                          radius="sm"
                          tt="none"
                        >
                          {plan}
                        </Badge>
                      ) : (
                        <Text c="dimmed" fz="sm" component="span">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td fz="sm">
                      {visit && hasSurveyConfirmationForm(visit) ? (
                        <Stack gap={4} align="flex-start">
                          <Button
                            size="compact-xs"
                            variant="light"
                            leftSection={<DownloadIcon size={14} />}
                            loading={confirmationBusyId === visit.id}
                            onClick={() => onConfirmation(visit.id)}
                            aria-label={`Download the ${label} confirmation form`}
                          >
                            Confirmation form
                          </Button>
                          {isSurveyConfirmationDue(visit) ? (
                            <Anchor component={Link} to={surveyConfirmationRoute(practiceId)} fz="xs">
                              Awaiting confirmation
                            </Anchor>
                          ) : (
                            <Text fz="xs" c="dimmed" component="span">
                              Confirmed
                            </Text>
                          )}
                        </Stack>
                      ) : (
                        <Text c="dimmed" fz="sm" component="span">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {locked ? (
                        <Tooltip
                          label={locked}
                          withArrow
                          multiline
                          w={260}
                          events={{ hover: true, focus: true, touch: true }}
                        >
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`${label} is locked: ${locked}`}
                          >
                            <LockIcon size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : (
                        <ActionIcon
                          component={Link}
                          to={to}
                          variant="subtle"
                          color="gray"
                          aria-label={`Open the ${label}`}
                        >
                          <ChevronRightIcon size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
