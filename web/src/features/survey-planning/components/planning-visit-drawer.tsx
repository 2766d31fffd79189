import { Alert, Button, Center, Divider, Drawer, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  CONFIRMATION_FORM_STATUS_LABELS,
  canTakePlanningStep,
  formatDisplayDate,
  formatMonthLong,
  formatTimeOfDay,
  labelOf,
  SURVEY_PLANNING_MESSAGES,
  type TChoice as TServedChoice,
  VISIT_TYPE_LABELS,
} from '@portal/domain';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useStaticChoices } from '../../../lib/choices/use-static-choices.ts';
import { GetPlanningVisitQuery, type TPlanningVisit } from '../api/get-planning-visit.ts';
import type { TChoice } from '../api/get-survey-planning.ts';
import { RequestPreferredDaysMutation } from '../api/request-preferred-days.ts';
import { SendSurveyConfirmationMutation } from '../api/send-survey-confirmation.ts';
import { reportOutcome } from '../model/mutation-outcome.ts';
import { FinaliseForm } from './finalise-form.tsx';
import { OfferPanel, TeamTable } from './offer-panel.tsx';
import { PreferredDaysView } from './preferred-days-view.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The planning screen of one visit, as a drawer over the list (its id in the URL). */
export function PlanningVisitDrawer({
  visitId,
  reasons,
  onClose,
  onChanged,
}: {
  visitId: number;
  reasons: readonly TChoice[];
  onClose(): void;
  onChanged(): void;
}) {
  const [{ data, fetching, error }, reload] = useQuery({
    query: GetPlanningVisitQuery,
    variables: { visitId },
    requestPolicy: 'cache-and-network',
  });
  const visit = data?.surveyPlanningVisit;
  const changed = () => {
    reload({ requestPolicy: 'network-only' });
    onChanged();
  };
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="min(960px, 100%)"
      title={visit ? `Plan the visit to ${visit.practiceName}` : 'Plan the visit'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {visit ? (
        <VisitPlan visit={visit} reasons={reasons} onChanged={changed} />
      ) : fetching ? (
        <Center py="xl">
          <Loading size="sm" label="Loading the visit" />
        </Center>
      ) : (
        <Text c="red" role="alert">
          {error?.graphQLErrors[0]?.message ?? SURVEY_PLANNING_MESSAGES.noSuchVisit}
        </Text>
      )}
    </Drawer>
  );
}

function VisitPlan({
  visit,
  reasons,
  onChanged,
}: {
  visit: TPlanningVisit;
  reasons: readonly TChoice[];
  onChanged(): void;
}) {
  const reason = reasons.find((r) => r.value === visit.reason)?.comment ?? visit.reason;
  const team = visit.surveyors.filter((s) => s.visitorStatus);
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="sm">
          <StatusBadge status={visit.status} />
          <Text fz="sm" fw={600}>
            {labelOf(VISIT_TYPE_LABELS, visit.type)}
            {reason ? `: ${reason}` : ''}
          </Text>
        </Group>
        <Text fz="sm">
          {[visit.suburb, visit.state].filter(Boolean).join(', ')}
          {visit.due ? ` · Due ${formatMonthLong(visit.due)}` : ''}
          {visit.expiryDate ? ` · Accreditation expires ${formatDisplayDate(visit.expiryDate)}` : ''}
        </Text>
        {visit.status === 'FINAL' && visit.date ? (
          <Text fz="sm" fw={600}>
            {formatDisplayDate(visit.date)}, {formatTimeOfDay(visit.startTime)} to{' '}
            {formatTimeOfDay(visit.endTime)}
          </Text>
        ) : null}
      </Stack>
      {visit.needsGpSurveyor ? (
        <Alert color="yellow" title="No GP surveyor">
          {SURVEY_PLANNING_MESSAGES.noGpSurveyor}
        </Alert>
      ) : null}

      <section aria-labelledby="planning-team">
        <Title order={2} fz="lg" id="planning-team" mb="xs">
          Surveyors offered
        </Title>
        {team.length ? (
          <TeamTable team={team} />
        ) : (
          <Text fz="sm" c="dimmed">
            The visit has not been offered to anyone yet.
          </Text>
        )}
      </section>

      {canTakePlanningStep('offer', visit.status) ? (
        <section aria-labelledby="planning-offer">
          <Title order={2} fz="lg" id="planning-offer" mb="xs">
            Offer the visit
          </Title>
          <OfferPanel visit={visit} onChanged={onChanged} />
        </section>
      ) : null}

      <Divider />
      <section aria-labelledby="planning-days">
        <Group justify="space-between" align="flex-end" mb="xs">
          <Title order={2} fz="lg" id="planning-days">
            Preferred days
          </Title>
          <RequestDaysButton visit={visit} onChanged={onChanged} />
        </Group>
        {visit.preferredDaysRequestedAt ? (
          <Text fz="sm" c="dimmed" mb="xs">
            Requested on {formatDisplayDate(visit.preferredDaysRequestedAt.slice(0, 10))}.
          </Text>
        ) : null}
        <PreferredDaysView visit={visit} />
      </section>

      <Divider />
      {canTakePlanningStep('finalise', visit.status) ? (
        <section aria-labelledby="planning-finalise">
          <Title order={2} fz="lg" id="planning-finalise" mb="xs">
            Finalise the visit
          </Title>
          <FinaliseForm visit={visit} onChanged={onChanged} />
        </section>
      ) : (
        <section aria-labelledby="planning-confirmation">
          <Title order={2} fz="lg" id="planning-confirmation" mb="xs">
            Survey confirmation
          </Title>
          <ConfirmationSection visit={visit} onChanged={onChanged} />
        </section>
      )}
    </Stack>
  );
}

function RequestDaysButton({ visit, onChanged }: { visit: TPlanningVisit; onChanged(): void }) {
  const [asking, setAsking] = useState(false);
  const [{ fetching }, request] = useMutation(RequestPreferredDaysMutation);
  if (!canTakePlanningStep('requestPreferredDays', visit.status)) return null;
  const team = visit.surveyors.filter((s) => s.visitorStatus && s.visitorStatus !== 'DECLINED');
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setAsking(true)} disabled={team.length === 0}>
        {visit.preferredDaysRequestedAt ? 'Request preferred days again' : 'Request preferred days'}
      </Button>
      <ConfirmModal
        opened={asking}
        title="Request preferred days"
        confirmLabel="Send the request"
        busy={fetching}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          const result = await request({ visitId: visit.id });
          setAsking(false);
          if (
            reportOutcome(
              result,
              (d: { requestPreferredDays: { message: string } }) => d.requestPreferredDays.message,
              'The request could not be sent, please try again.',
            )
          )
            onChanged();
        }}
      >
        {team.length === 1 ? '1 surveyor' : `${team.length} surveyors`} ({team.map((s) => s.name).join(', ')})
        will be e-mailed to state the days of {visit.due ? formatMonthLong(visit.due) : 'the due month'} they
        can and cannot do.
      </ConfirmModal>
    </>
  );
}

/** The templates until the provider's list is loaded (spec 000 §3 survey_visit.confirmation_form_template). */
const DEFAULT_TEMPLATES: TServedChoice[] = [['ON_SITE', 'On-site visit']];

function ConfirmationSection({ visit, onChanged }: { visit: TPlanningVisit; onChanged(): void }) {
  const [asking, setAsking] = useState(false);
  const [{ fetching }, send] = useMutation(SendSurveyConfirmationMutation);
  const templates = useStaticChoices()?.['survey_visit.confirmation_form_template'] ?? DEFAULT_TEMPLATES;
  const [template, setTemplate] = useState<string | null>(null);
  const chosenTemplate = template ?? templates[0]?.[0] ?? 'ON_SITE';
  if (visit.confirmationFormStatus !== 'NOT_SENT')
    return (
      <Text fz="sm">
        Survey confirmation:{' '}
        <strong>{labelOf(CONFIRMATION_FORM_STATUS_LABELS, visit.confirmationFormStatus)}</strong>
        {visit.confirmationFormStatus === 'RECEIVED'
          ? ' (the practice confirmed the visit).'
          : ' (waiting for the practice).'}
      </Text>
    );
  return (
    <>
      <Group gap="sm">
        <Text fz="sm">The practice has not been sent its survey confirmation.</Text>
        <Button onClick={() => setAsking(true)}>Send survey confirmation</Button>
      </Group>
      <ConfirmModal
        opened={asking}
        title="Send survey confirmation"
        confirmLabel="Send"
        busy={fetching}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          const result = await send({ visitId: visit.id, template: chosenTemplate });
          setAsking(false);
          if (
            reportOutcome(
              result,
              (d: { sendSurveyConfirmation: { message: string } }) => d.sendSurveyConfirmation.message,
              'The confirmation could not be sent, please try again.',
            )
          )
            onChanged();
        }}
      >
        {visit.practiceName}'s practice managers and nominated accreditation contact will be e-mailed the
        visit on {formatDisplayDate(visit.date)} and asked to confirm it. It is sent once.
        <Select
          mt="md"
          label="Confirmation form template"
          description="How the visit is held, and what the practice is asked to prepare"
          data={templates.map(([value, label]) => ({ value, label }))}
          value={chosenTemplate}
          onChange={(value) => setTemplate(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </ConfirmModal>
    </>
  );
}
