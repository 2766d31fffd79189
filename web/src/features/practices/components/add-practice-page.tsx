import { Alert, Anchor, Breadcrumbs, Skeleton, Text } from '@mantine/core';
import {
  EMPTY_PRACTICE_FORM,
  PRACTICE_LIST_PATH,
  practiceStaffPath,
  type TPracticeForm,
  ZPracticeFormSchema,
} from '@portal/domain';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuth, useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { AddPracticeMutation } from '../api/add-practice.ts';
import { GetPracticeChoicesQuery } from '../api/get-practice-choices.ts';
import { toChoiceLists } from '../model/practice-form.ts';
import { PracticeForm, type TChoiceLists } from './practice-form.tsx';

export const PRACTICE_ADDED = 'The practice has been added.';

/**
 * /Practice/Add (also add-practice): registers a new practice (action `addPractice`). The
 * accreditation team adds it for the practice; anyone else applies for their own practice and
 * becomes its manager. Either way the user then lands on the new practice.
 */
export function AddPracticePage() {
  const user = useCurrentUser();
  const backOffice = user.flags.admin || user.flags.qam;
  return (
    <>
      <Breadcrumbs separator="›" fz="sm" mb={6}>
        <Anchor component={Link} to={PRACTICE_LIST_PATH} fz="sm">
          Practices
        </Anchor>
        <Text fz="sm" c="dimmed">
          Add a practice
        </Text>
      </Breadcrumbs>
      <PageHeader
        title="Add a practice"
        description={
          backOffice
            ? 'Register a practice for accreditation. Invite its practice manager from its staff register.'
            : 'Apply to accredit a practice. You become its practice manager and can add its staff straight away.'
        }
      />
      <AddPracticeForm backOffice={backOffice} />
    </>
  );
}

function AddPracticeForm({ backOffice }: { backOffice: boolean }) {
  const navigate = useNavigate();
  const { reloadUser } = useAuth();
  const [{ data, error }] = useQuery({
    query: GetPracticeChoicesQuery,
  });
  const [, add] = useMutation(AddPracticeMutation);
  const form = useZodForm(ZPracticeFormSchema, EMPTY_PRACTICE_FORM);
  const choices = useMemo<TChoiceLists | null>(() => (data ? toChoiceLists(data) : null), [data]);
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        The form could not be loaded. Please try again.
      </Alert>
    );
  }
  if (!choices) return <Skeleton h={480} radius="lg" />;

  const submit = form.onSubmit(async (values: TPracticeForm) => {
    const result = await add({ details: values });
    if (result.error) throw PortalError.fromCombinedError(result.error);
    const id = result.data?.addPractice?.id;
    notifySuccess(PRACTICE_ADDED);
    // The user's practices (and so the menu's single-practice flag) have changed.
    await reloadUser().catch(() => undefined);
    navigate(id ? practiceStaffPath(id) : PRACTICE_LIST_PATH);
  });
  return (
    <PracticeForm
      form={form}
      choices={choices}
      readOnly={false}
      submitLabel="Add practice"
      onSubmit={submit}
      footer={
        backOffice ? null : (
          <Text fz="xs" c="dimmed" mr="auto">
            The new practice starts as an application; the accreditation team contacts you about the next
            steps.
          </Text>
        )
      }
    />
  );
}
