import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  formatDisplayDate,
  formatMonthLong,
  formatTimeOfDay,
  isSurveyConfirmationDue,
  PRACTICE_LIST_PATH,
  portalToday,
  practiceStaffPath,
  SURVEY_CONFIRMATION_MESSAGES,
  type TVisitType,
  VISIT_TYPE_LABELS,
} from '@portal/domain';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ConfirmSurveyVisitMutation } from '../api/confirm-survey-visit.ts';
import {
  GetSurveyConfirmationQuery,
  type TSurveyVisit,
  visitReasonLabel,
} from '../api/get-survey-confirmation.ts';
import { useUserPermissions } from '../api/get-user-permissions.ts';
import { PracticeUnavailable } from './practice-unavailable.tsx';

/** /Practice/SurveyConfirmation/:id (id = organisation id): the visit whose details the practice confirms. */
export function SurveyConfirmationPage() {
  const practiceId = Number(useParams().id);
  const valid = Number.isInteger(practiceId) && practiceId > 0;
  const [{ data, error, fetching }, refetch] = useQuery({
    query: GetSurveyConfirmationQuery,
    variables: { id: practiceId },
    pause: !valid,
    requestPolicy: 'cache-and-network',
  });
  const [permissions] = useUserPermissions(practiceId, !valid);
  const canConfirm = permissions.data?.userPermissions.practice.changePractice ?? false;
  if (!valid) return <Navigate to={PRACTICE_LIST_PATH} replace />;
  const practice = data?.practices_by_pk;
  if (error || (data && !fetching && !practice)) {
    return <PracticeUnavailable title="Survey confirmation" />;
  }
  if (!practice) return <Skeleton h={320} radius="lg" />;
  const visits = practice.current_accreditation?.survey_visits ?? [];
  const due = visits.filter(isSurveyConfirmationDue);
  const address = practice.organisation.physical_address;
  return (
    <>
      <Breadcrumbs separator="›" fz="sm" mb={6}>
        <Anchor component={Link} to={PRACTICE_LIST_PATH} fz="sm">
          Practices
        </Anchor>
        <Anchor component={Link} to={practiceStaffPath(practice.organisation_id)} fz="sm">
          {practice.organisation.name}
        </Anchor>
        <Text fz="sm" c="dimmed">
          Survey confirmation
        </Text>
      </Breadcrumbs>
      <PageHeader
        title="Survey confirmation"
        description={`${practice.organisation.name}${address ? ` · ${[address.unit, address.street, address.suburb, address.state, address.postcode].filter(Boolean).join(' ')}` : ''}`}
      />
      {due.length === 0 ? (
        <Alert color="gray" variant="light" mb="lg">
          No survey visit of this practice is waiting for its confirmation.
        </Alert>
      ) : (
        <Alert color="yellow" variant="light" mb="lg" title="Please check the details of your survey visit">
          We have sent you the survey confirmation form. Check the date, time and surveyors below.
          {canConfirm ? ' If they suit the practice, confirm the visit here.' : ''} If anything is wrong,
          contact your accreditation coordinator before the visit.
        </Alert>
      )}
      <Stack gap="md">
        {(due.length ? due : visits).map((visit) => (
          <VisitCard
            key={visit.id}
            practiceId={practice.organisation_id}
            visit={visit}
            reason={visitReasonLabel(data?.visit_reasons, visit.reason_for_visit)}
            canConfirm={canConfirm}
            onConfirmed={() => refetch({ requestPolicy: 'network-only' })}
          />
        ))}
      </Stack>
    </>
  );
}

function VisitCard({
  practiceId,
  visit,
  reason,
  canConfirm,
  onConfirmed,
}: {
  practiceId: number;
  visit: TSurveyVisit;
  /** The label of the visit's reason. */
  reason: string;
  canConfirm: boolean;
  onConfirmed(): void;
}) {
  const [{ fetching }, confirm] = useMutation(ConfirmSurveyVisitMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const due = isSurveyConfirmationDue(visit);
  const onConfirm = async () => {
    setFailure(null);
    const result = await confirm({ practiceId, visitId: visit.id });
    if (result.error) {
      setFailure(PortalError.fromCombinedError(result.error).message);
      return;
    }
    notifySuccess(SURVEY_CONFIRMATION_MESSAGES.confirmed);
    onConfirmed();
  };
  const fact = (label: string, value: string) => (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fz="sm">{value || '—'}</Text>
    </div>
  );
  return (
    <Paper withBorder radius="lg" p="lg" data-testid={`visit-${visit.id}`}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz={17}>
          {VISIT_TYPE_LABELS[visit.type as TVisitType] ?? visit.type} visit
        </Title>
        {due ? (
          <Badge color="yellow" variant="light" tt="none">
            Confirmation due
          </Badge>
        ) : visit.confirmation_form_status === 'RECEIVED' ? (
          <Badge color="teal" variant="light" tt="none">
            {visit.confirmation_received_at
              ? `Confirmed ${formatDisplayDate(portalToday(new Date(visit.confirmation_received_at)))}`
              : 'Confirmed'}
          </Badge>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {fact(
          'Date',
          formatDisplayDate(visit.date) || (visit.due ? `Due ${formatMonthLong(visit.due)}` : ''),
        )}
        {fact(
          'Time',
          visit.start_time ? `${formatTimeOfDay(visit.start_time)} – ${formatTimeOfDay(visit.end_time)}` : '',
        )}
        {fact(
          'Surveyors',
          visit.survey_visitors
            .map((v) =>
              v.user ? `${v.user.first_name} ${v.user.last_name}${v.is_lead ? ' (lead)' : ''}` : '',
            )
            .filter(Boolean)
            .join(', '),
        )}
        {fact('Reason', reason)}
      </SimpleGrid>
      {failure ? (
        <Alert color="red" variant="light" role="alert" mt="md">
          {failure}
        </Alert>
      ) : null}
      {due && canConfirm ? (
        <Group justify="flex-end" mt="md">
          <Button loading={fetching} onClick={() => void onConfirm()}>
            {SURVEY_CONFIRMATION_MESSAGES.confirmButton}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
