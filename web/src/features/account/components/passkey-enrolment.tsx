import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX_LENGTH,
  passkeyErrorMessage,
  ZPasskeyNameFormSchema,
} from '@portal/domain';
import { FormError } from '../../../components/form-error.tsx';
import { createPasskey, PasskeyCeremonyError } from '../../../lib/auth/passkey-ceremony.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { useServices } from '../../../lib/services.tsx';

/**
 * Adding a passkey or security key: a name to tell it apart, then the browser's own dialog (touch
 * the key, or unlock the device). The recovery codes come back when it is the account's first factor.
 */
export function PasskeyEnrolment({
  onAdded,
  onCancel,
}: {
  onAdded: (added: { name: string; recoveryCodes: string[] }) => void;
  onCancel: () => void;
}) {
  const { api } = useServices();
  const form = useZodForm(ZPasskeyNameFormSchema, { name: '' });
  const submit = form.onSubmit(async ({ name }) => {
    const options = await api.factors.passkeyOptions();
    let credential: Awaited<ReturnType<typeof createPasskey>>;
    try {
      credential = await createPasskey(options);
    } catch (error) {
      if (!(error instanceof PasskeyCeremonyError)) throw error;
      form.setFormError(passkeyErrorMessage(error.errorName, PASSKEY_MESSAGES.notRegistered));
      return;
    }
    const { recoveryCodes } = await api.factors.registerPasskey({ name, credential });
    onAdded({ name, recoveryCodes });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          A passkey is kept by your device (a laptop, a phone) or a security key such as a YubiKey. Signing in
          then asks you to touch the key or unlock the device, after your password.
        </Text>
        <FormError message={form.formError} />
        <TextInput
          label="Passkey name"
          description="So you can tell your passkeys apart, for example YubiKey or Work laptop."
          required
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          maw={360}
          autoComplete="off"
          {...form.field('name')}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            Add passkey
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
