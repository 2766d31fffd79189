import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { ZRemoveFactorSchema } from '@portal/domain';
import { FormError } from '../../../components/form-error.tsx';
import type { TFactors } from '../../../lib/auth/factors-api.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';

/**
 * Removing an authenticator app or a passkey: the password again, a fresh proof of who is at the
 * keyboard. The account's last factor takes the recovery codes with it.
 */
export function RemoveFactorForm({
  factor,
  last,
  onRemoved,
  onCancel,
}: {
  factor: TFactors['factors'][number];
  /** The account's only factor: two-factor sign-in goes off with it. */
  last: boolean;
  onRemoved: () => void;
  onCancel: () => void;
}) {
  const { api } = useServices();
  const form = useZodForm(ZRemoveFactorSchema, { password: '' });
  const what = factor.kind === 'passkey' ? `the passkey "${factor.label}"` : 'the authenticator app';
  const submit = form.onSubmit(async ({ password }) => {
    await api.factors.remove(factor.id, { password });
    notifySuccess(
      last ? `Two-factor sign-in is off: ${what} has been removed.` : `${capitalise(what)} has been removed.`,
    );
    onRemoved();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          To remove {what}, enter your password.
          {last
            ? ' Signing in will then ask only for your e-mail and password, and your recovery codes stop working.'
            : ''}
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
            {factor.kind === 'passkey' ? 'Remove passkey' : 'Remove authenticator app'}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
