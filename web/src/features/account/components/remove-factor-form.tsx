import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { ZRemoveFactorSchema } from '@portal/domain';
import { FormError } from '../../../components/form-error.tsx';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';

/** Removing the authenticator app: the password again, a fresh proof of who is at the keyboard. */
export function RemoveFactorForm({
  factorId,
  onRemoved,
  onCancel,
}: {
  factorId: number;
  onRemoved: () => void;
  onCancel: () => void;
}) {
  const { api } = useServices();
  const form = useZodForm(ZRemoveFactorSchema, { password: '' });
  const submit = form.onSubmit(async ({ password }) => {
    await api.factors.remove(factorId, { password });
    notifySuccess('Two-factor sign-in is off: the authenticator app has been removed.');
    onRemoved();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          To remove the authenticator app, enter your password. Signing in will then ask only for your e-mail
          and password, and your recovery codes stop working.
        </Text>
        <FormError message={form.formError} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          maw={320}
          {...form.field('password')}
        />
        <Group>
          <Button type="submit" color="red" loading={form.submitting}>
            Remove authenticator app
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
