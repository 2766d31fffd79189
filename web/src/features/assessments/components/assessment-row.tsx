/**
 * One row of the Assessments table (spec 001 §2): the type with its status badge, due date, last
 * updated, the report, action plan and survey confirmation cells, and the chevron (or the lock and
 * why). A click anywhere on an unlocked row but its links and buttons opens the assessment.
 */
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  actionPlanBadge,
  assessmentButtons,
  assessmentLockReason,
  assessmentPath,
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
  /** The edition it is answered against (a moved one keeps the older). */
  survey_version?: { id: number; name: string } | null;
}

/** The downloads a row offers, and which of them is on its way. */
export interface TRowDownloads {
  onReport(assessmentId: number): void;
  reportBusyId: number | null;
  /** Downloads the action plan report of a survey visit assessment. */
  onActionPlan(assessmentId: number): void;
  actionPlanBusyId: number | null;
  /** Downloads the survey confirmation form of a visit. */
  onConfirmation(visitId: number): void;
  confirmationBusyId: number | null;
}

const NONE = (
  <Text c="dimmed" fz="sm" component="span">
    —
  </Text>
);

/** The action plan badge: a download button when the user may have the report. */
function ActionPlanCell({
  row,
  label,
  download,
  downloads,
}: {
  row: TAssessmentRow;
  label: string;
  download: boolean;
  downloads: TRowDownloads;
}) {
  const plan = actionPlanBadge(row.type, row.status);
  if (!plan) return NONE;
  const color = plan === 'action required' ? 'orange' : 'teal';
  return download ? (
    <Button
      size="compact-xs"
      variant="light"
      color={color}
      leftSection={<DownloadIcon size={14} />}
      loading={downloads.actionPlanBusyId === row.id}
      onClick={() => downloads.onActionPlan(row.id)}
      aria-label={`Download the ${label} action plan report, ${plan}`}
    >
      {plan}
    </Button>
  ) : (
    <Badge variant="light" color={color} radius="sm" tt="none">
      {plan}
    </Badge>
  );
}

/** A survey visit's confirmation form, and whether it still awaits the practice's confirmation. */
function ConfirmationCell({
  practiceId,
  visit,
  label,
  downloads,
}: {
  practiceId: number;
  visit: TAssessmentRow['survey_visit'];
  label: string;
  downloads: TRowDownloads;
}) {
  if (!visit || !hasSurveyConfirmationForm(visit)) return NONE;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<DownloadIcon size={14} />}
        loading={downloads.confirmationBusyId === visit.id}
        onClick={() => downloads.onConfirmation(visit.id)}
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
  );
}

/** The chevron that opens the assessment, or the lock with why it is locked. */
function OpenCell({ to, label, locked }: { to: string; label: string; locked: string | null }) {
  return locked ? (
    <Tooltip label={locked} withArrow multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" aria-label={`${label} is locked: ${locked}`}>
        <LockIcon size={16} />
      </ActionIcon>
    </Tooltip>
  ) : (
    <ActionIcon component={Link} to={to} variant="subtle" color="gray" aria-label={`Open the ${label}`}>
      <ChevronRightIcon size={16} />
    </ActionIcon>
  );
}

export function AssessmentRow({
  practiceId,
  row,
  access,
  downloads,
}: {
  practiceId: number;
  row: TAssessmentRow;
  access: TAssessmentAccess;
  downloads: TRowDownloads;
}) {
  const navigate = useNavigate();
  const locked = assessmentLockReason(access);
  const label = assessmentTypeLabel(row.type, row.survey_visit?.type);
  const to = assessmentPath(practiceId, row.id);
  const report = !locked && canReadAssessmentResponses(access) && assessmentButtons(access).report;
  const planDownload =
    actionPlanBadge(row.type, row.status) !== null && !locked && canDownloadActionPlanReport(access);
  return (
    <Table.Tr
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
          <AssessmentStatusBadge
            status={row.status}
            moved={Boolean(row.moved_to_assessment_id)}
            style={{ flexShrink: 0 }}
          />
        </Group>
        {row.moved_to_assessment_id && row.survey_version ? (
          <Text fz="xs" c="dimmed">
            {row.survey_version.name}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td fz="sm">{formatDisplayDate(row.due_date) || '—'}</Table.Td>
      <Table.Td fz="sm">{formatDisplayDate(lastUpdatedOf(row))}</Table.Td>
      <Table.Td>
        {report ? (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<DownloadIcon size={14} />}
            loading={downloads.reportBusyId === row.id}
            onClick={() => downloads.onReport(row.id)}
            aria-label={`Download the ${label} report`}
          >
            Report
          </Button>
        ) : (
          NONE
        )}
      </Table.Td>
      <Table.Td>
        <ActionPlanCell row={row} label={label} download={planDownload} downloads={downloads} />
      </Table.Td>
      <Table.Td fz="sm">
        <ConfirmationCell
          practiceId={practiceId}
          visit={row.survey_visit}
          label={label}
          downloads={downloads}
        />
      </Table.Td>
      <Table.Td ta="right">
        <OpenCell to={to} label={label} locked={locked} />
      </Table.Td>
    </Table.Tr>
  );
}
