import { Alert, Button, Center, Divider, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { accountSettingsPath, DEFAULT_PHONE_COUNTRY, ZAccountDetailsSchema } from '@portal/domain';
import { Navigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Loading } from '../../../components/loading.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PhoneCountrySelect } from '../../../components/phone-country-select.tsx';
import { useAuth, useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { useStaticChoices } from '../../../lib/choices/use-static-choices.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { GetAccountQuery, type TAccountRow } from '../api/get-account.ts';
import { UpdateAccountMutation } from '../api/update-account.ts';
import { accountSaveError } from '../model/account-save-error.ts';
import { titleOptions } from '../model/title-options.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { ConflictsSection } from './conflicts-section.tsx';
import { EmailDigestSelect } from './email-digest-select.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** /AccountSettings/:id — name, title, phone and picture of the signed-in user; two-factor sign-in. */
export function AccountSettingsPage() {
  const { id } = useParams();
  const user = useCurrentUser();
  const [{ data, error, fetching }] = useQuery({
    query: GetAccountQuery,
    variables: { id: user.id },
  });

  // Only one's own settings; another id in the address goes to one's own.
  if (id !== String(user.id)) return <Navigate to={accountSettingsPath(user.id)} replace />;

  const row = data?.users_by_pk ?? null;
  const loaded = Boolean(row) || (Boolean(error) && !fetching);
  return (
    <>
      <PageHeader title="Account settings" description="How you appear to your practice and to surveyors." />
      <Paper withBorder radius="lg" p="xl" maw={680}>
        <Stack gap="lg">
          <AvatarUpload />
          <Divider />
          {error && !row && !fetching ? (
            <Alert color="yellow" variant="light">
              Your phone number could not be loaded right now; the other details are shown.
            </Alert>
          ) : null}
          {/* The form starts from the stored row, so nothing typed is overwritten when it arrives. */}
          {loaded ? (
            <AccountForm row={row} />
          ) : (
            <Center py="xl">
              <Loading size="sm" label="Loading your details" />
            </Center>
          )}
        </Stack>
      </Paper>
      {row ? (
        <Paper withBorder radius="lg" p="xl" maw={680} mt="xl">
          <EmailDigestSelect stored={row.email_digest} />
        </Paper>
      ) : null}
      <Paper withBorder radius="lg" p="xl" maw={680} mt="xl">
        <TwoFactorSection />
      </Paper>
      <Paper withBorder radius="lg" p="xl" maw={680} mt="xl">
        <SessionsSection />
      </Paper>
      {user.flags.surveyor ? (
        <Paper withBorder radius="lg" p="xl" maw={680} mt="xl">
          <ConflictsSection />
        </Paper>
      ) : null}
    </>
  );
}

function AccountForm({ row }: { row: TAccountRow | null }) {
  const user = useCurrentUser();
  const { reloadUser } = useAuth();
  const [, update] = useMutation(UpdateAccountMutation);
  const choices = useStaticChoices();
  const form = useZodForm(ZAccountDetailsSchema, {
    firstName: row?.first_name ?? user.firstName,
    lastName: row?.last_name ?? user.lastName,
    title: row?.title ?? user.title ?? '',
    phone: row?.phone ?? '',
    phoneCountryCode: row?.phone_country_code ?? DEFAULT_PHONE_COUNTRY,
  });

  const submit = form.onSubmit(async (values) => {
    // Checked again by the action with the same schema; a refused field comes back under its input.
    const result = await update(values);
    if (result.error) throw accountSaveError(result.error);
    await reloadUser();
    notifySuccess('Your account settings have been saved.');
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.formError ? (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        ) : null}
        <Group grow align="flex-start">
          <Select
            label="Title"
            placeholder="Choose a title"
            data={titleOptions(choices)}
            value={form.values.title || null}
            onChange={(value) => form.setValue('title', value ?? '')}
            clearable
            maw={200}
          />
          <div />
        </Group>
        <Group grow align="flex-start">
          <TextInput label="First name" required autoComplete="given-name" {...form.field('firstName')} />
          <TextInput label="Last name" required autoComplete="family-name" {...form.field('lastName')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Email"
            value={user.email}
            readOnly
            variant="filled"
            description="Used to sign in; it cannot be changed here."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <div />
        </Group>
        {/* The phone's country beside it, Australia by default (spec 000 §9); the number is checked for it. */}
        <Group grow align="flex-start">
          <PhoneCountrySelect
            label="Phone country"
            value={form.values.phoneCountryCode || null}
            onChange={(country) => form.setValue('phoneCountryCode', country)}
            error={form.errors.phoneCountryCode}
          />
          <TextInput
            label="Phone (optional)"
            type="tel"
            placeholder={form.values.phoneCountryCode === DEFAULT_PHONE_COUNTRY ? '04xx xxx xxx' : undefined}
            autoComplete="tel"
            {...form.field('phone')}
          />
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={form.submitting}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
