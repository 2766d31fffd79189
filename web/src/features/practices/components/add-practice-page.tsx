import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { env } from '../../../config/env.ts';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { GetPracticeChoicesQuery, InsertPracticeMutation } from '../api/add-practice.ts';
import type { TGetPracticeDetailsResult } from '../api/practice-details.ts';
import { EMPTY_PRACTICE_FORM, toPracticeChanges, ZPracticeFormSchema } from '../model/practice-form.ts';
import { PracticeForm, type TChoiceLists } from './practice-form.tsx';
import { PRACTICE_LIST_PATH } from './practice-overview-page.tsx';

export const PRACTICE_ADDED = 'The practice has been added.';

/** /Practice/Add (also add-practice): registers a new practice with its organisation and address. */
export function AddPracticePage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Add a practice" description="Register a practice for accreditation." />
      {user.flags.admin ? (
        <AddPracticeForm />
      ) : (
        <Alert
          color="blue"
          variant="light"
          title="New practices are registered by our accreditation team"
          maw={720}
        >
          <Stack gap={6}>
            <Text fz="sm">
              Online applications for a new practice are not open yet. Call us on {env.VITE_HELP_PHONE} or
              e-mail{' '}
              <Anchor href={`mailto:${env.VITE_SUPPORT_EMAIL}`} fz="sm">
                {env.VITE_SUPPORT_EMAIL}
              </Anchor>{' '}
              and we will set the practice up and make you its practice manager.
            </Text>
            <Anchor component={Link} to={PRACTICE_LIST_PATH} fz="sm">
              Back to your practices
            </Anchor>
          </Stack>
        </Alert>
      )}
    </>
  );
}

function AddPracticeForm() {
  const navigate = useNavigate();
  const [{ data, error }] = useQuery<Omit<TGetPracticeDetailsResult, 'practices_by_pk'>>({
    query: GetPracticeChoicesQuery,
  });
  const [, insert] = useMutation<{ insert_practices_one: { organisation_id: number } | null }>(
    InsertPracticeMutation,
  );
  const form = useZodForm(ZPracticeFormSchema, EMPTY_PRACTICE_FORM);
  const choices = useMemo<TChoiceLists | null>(() => {
    if (!data) return null;
    const list = (rows: Array<{ value: string; comment: string }>) =>
      rows.map((r) => ({ value: r.value, label: r.comment }));
    return {
      practiceTypes: list(data.practice_type),
      mmm: list(data.mmm_classification),
      structures: list(data.organisation_structure),
      states: data.australian_state.map((r) => ({ value: r.value, label: `${r.value} – ${r.comment}` })),
    };
  }, [data]);
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        The form could not be loaded. Please try again.
      </Alert>
    );
  }
  if (!choices) return <Skeleton h={480} radius="lg" />;

  const submit = form.onSubmit(async (values) => {
    const { organisation, practice, address } = toPracticeChanges(values);
    const result = await insert({
      practice: {
        ...practice,
        organisation: { data: { ...organisation, physical_address: { data: address } } },
      },
    });
    if (result.error) throw PortalError.fromCombinedError(result.error);
    const id = result.data?.insert_practices_one?.organisation_id;
    notifySuccess(PRACTICE_ADDED);
    navigate(id ? `/Practice/Details/${id}` : PRACTICE_LIST_PATH);
  });
  return (
    <PracticeForm
      form={form}
      choices={choices}
      readOnly={false}
      hasAddress
      submitLabel="Add practice"
      onSubmit={submit}
    />
  );
}
