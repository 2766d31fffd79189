import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { ZChangePasswordFormSchema } from '../schemas.ts';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** /ChangePassword/ — the signed-in user changes their password. */
export function ChangePasswordPage() {
  const { api } = useServices();
  const navigate = useNavigate();
  const form = useZodForm(ZChangePasswordFormSchema, EMPTY);
  const submit = form.onSubmit(async ({ oldPassword, newPassword }) => {
    await api.changePassword({ oldPassword, newPassword });
    for (const name of Object.keys(EMPTY)) form.setValue(name, '');
    notifySuccess('Your password has been changed.');
  });

  return (
    <>
      <PageHeader
        title="Change password"
        description="You stay signed in on this device; other devices are signed out."
      />
      <Paper withBorder radius="lg" p="xl" maw={520}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError message={form.formError} />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              {...form.field('oldPassword')}
            />
            <PasswordInput
              label="New password"
              description="8 to 16 characters"
              autoComplete="new-password"
              required
              {...form.field('newPassword')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              {...form.field('confirmPassword')}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => navigate(-1)}>
                Cancel
              </Button>
              <Button type="submit" loading={form.submitting}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
