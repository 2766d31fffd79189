import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import {
  canSubmitReapplication,
  formatDisplayDate,
  PRACTICE_LIST_PATH,
  portalToday,
  practiceStaffPath,
  REAPPLICATION_MESSAGES,
  statusBadge,
  type TPracticeForm,
  ZPracticeFormSchema,
} from '@portal/domain';
import { useEffect, useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { GetPracticeDetailsQuery, type TPracticeDetails } from '../api/get-practice-details.ts';
import { useUserPermissions } from '../api/get-user-permissions.ts';
import { SavePracticeDetailsMutation } from '../api/save-practice-details.ts';
import { SubmitReapplicationMutation } from '../api/submit-reapplication.ts';
import { usePaymentRedirect } from '../hooks/use-payment-redirect.ts';
import { type TPracticeChoiceRows, toChoiceLists, toPracticeFormValues } from '../model/practice-form.ts';
import { PracticeForm, type TChoiceLists } from './practice-form.tsx';
import { PracticeUnavailable } from './practice-unavailable.tsx';

export const DETAILS_SAVED = 'The practice details have been saved.';

/** /Practice/Details/:id — practice and organisation data, editable with practice.changePractice. */
export function PracticeDetailsPage() {
  return <PracticeDetailsScreen mode="details" />;
}

/** /Practice/Reapplication/:id — the same form in reapplying mode (id = organisation id). */
export function PracticeReapplicationPage() {
  return <PracticeDetailsScreen mode="reapplication" />;
}

function PracticeDetailsScreen({ mode }: { mode: 'details' | 'reapplication' }) {
  const practiceId = Number(useParams().id);
  const valid = Number.isInteger(practiceId) && practiceId > 0;
  const [{ data, error, fetching }, refetch] = useQuery({
    query: GetPracticeDetailsQuery,
    variables: { id: practiceId },
    pause: !valid,
    requestPolicy: 'cache-and-network',
  });
  const [permissionsResult] = useUserPermissions(practiceId, !valid);
  if (!valid) return <Navigate to={PRACTICE_LIST_PATH} replace />;
  const practice = data?.practices_by_pk;
  const failed = error || permissionsResult.error || (data && !fetching && !practice);
  if (failed) {
    return <PracticeUnavailable title={mode === 'details' ? 'Practice details' : 'Reapplication'} />;
  }
  if (!practice || !data || !permissionsResult.data) {
    return (
      <Stack gap="md" data-testid="practice-details-loading">
        <Skeleton h={30} w={320} />
        <Skeleton h={480} radius="lg" />
      </Stack>
    );
  }
  return (
    <LoadedDetails
      key={practice.organisation_id}
      mode={mode}
      practice={practice}
      data={data}
      canEdit={permissionsResult.data.userPermissions.practice.changePractice}
      refetch={() => refetch({ requestPolicy: 'network-only' })}
    />
  );
}

function LoadedDetails({
  mode,
  practice,
  data,
  canEdit,
  refetch,
}: {
  mode: 'details' | 'reapplication';
  practice: TPracticeDetails;
  data: TPracticeChoiceRows;
  canEdit: boolean;
  refetch(): void;
}) {
  const form = useZodForm(ZPracticeFormSchema, toPracticeFormValues(practice));
  const [, saveDetails] = useMutation(SavePracticeDetailsMutation);
  const [, submitRenewal] = useMutation(SubmitReapplicationMutation);
  const payment = usePaymentRedirect();
  const choices = useMemo<TChoiceLists>(() => toChoiceLists(data), [data]);
  const reapplication = practice.reapplications[0] ?? null;
  const renewalDue = canEdit && mode === 'reapplication' && canSubmitReapplication(reapplication?.status);
  const { setFormError } = form;
  useEffect(() => setFormError(null), [setFormError]);

  const save = form.onSubmit(async (values: TPracticeForm) => {
    const result = await saveDetails({ practiceId: practice.organisation_id, details: values });
    if (result.error) throw PortalError.fromCombinedError(result.error);
    notifySuccess(DETAILS_SAVED);
    refetch();
  });
  const submit = form.onSubmit(async (values: TPracticeForm) => {
    const result = await submitRenewal({ practiceId: practice.organisation_id, details: values });
    if (result.error) throw PortalError.fromCombinedError(result.error);
    notifySuccess(REAPPLICATION_MESSAGES.submitted);
    refetch();
  });

  const name = practice.organisation.name;
  const badge = statusBadge(practice.status);
  const expiry = practice.current_accreditation?.ext_date ?? practice.current_accreditation?.expiry_date;
  return (
    <>
      <Breadcrumbs separator="›" fz="sm" mb={6}>
        <Anchor component={Link} to={PRACTICE_LIST_PATH} fz="sm">
          Practices
        </Anchor>
        <Anchor component={Link} to={practiceStaffPath(practice.organisation_id)} fz="sm">
          {name}
        </Anchor>
        <Text fz="sm" c="dimmed">
          {mode === 'details' ? 'Details' : 'Reapplication'}
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={mode === 'details' ? name : `Reapplication: ${name}`}
        description={
          <Group gap="xs" component="span">
            <Badge color={badge.color} variant="light" radius="sm" tt="none" component="span">
              {badge.label}
            </Badge>
            {expiry ? <span>Accreditation expires {formatDisplayDate(expiry)}</span> : null}
          </Group>
        }
      />
      {mode === 'reapplication' ? (
        <Alert
          color={reapplication ? 'blue' : 'gray'}
          variant="light"
          mb="lg"
          title="Renewing your accreditation"
        >
          {reapplication?.status === 'DUE'
            ? `Your renewal is due${reapplication.due_date ? ` by ${formatDisplayDate(reapplication.due_date)}` : ''}. Check that the details below are current, then submit your renewal. You pay the renewal fee online straight after.`
            : reapplication?.status === 'PAYMENT_PENDING'
              ? `Your renewal${reapplication.submitted_at ? ` was submitted on ${formatDisplayDate(portalToday(new Date(reapplication.submitted_at)))} and` : ''} is waiting for payment. Continue to payment to complete it.`
              : 'This practice has no renewal due at the moment. Its details are shown below.'}
          {reapplication?.status === 'PAYMENT_PENDING' && canEdit ? (
            <Group mt="sm">
              <Button
                color="yellow"
                // Dark text on the yellow (8.6:1); white on it is 2.5:1.
                autoContrast
                loading={payment.pending === practice.organisation_id}
                onClick={() => void payment.redirect(practice.organisation_id)}
              >
                Continue to payment
              </Button>
            </Group>
          ) : null}
        </Alert>
      ) : null}
      {!canEdit ? (
        <Alert color="gray" variant="light" mb="lg">
          You can view these details. Only the practice's managers and the accreditation team can change them.
        </Alert>
      ) : null}
      <PracticeForm
        form={form}
        choices={choices}
        readOnly={!canEdit}
        hasAddress={!!practice.organisation.physical_address}
        submitLabel={renewalDue ? REAPPLICATION_MESSAGES.submitButton : 'Save changes'}
        onSubmit={renewalDue ? submit : save}
        secondarySubmit={renewalDue ? { label: 'Save changes', onSubmit: save } : undefined}
      />
    </>
  );
}
