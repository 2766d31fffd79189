import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  PASSKEY_MESSAGES,
  passkeyErrorMessage,
  type TSecondFactorMethod,
  ZRecoveryCodeFormSchema,
  ZTotpCodeFormSchema,
} from '@portal/domain';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import type { TCurrentUser } from '../../../lib/auth/current-user.ts';
import { PasskeyCeremonyError, signWithPasskey } from '../../../lib/auth/passkey-ceremony.ts';
import { PortalError } from '../../../lib/errors.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { useServices } from '../../../lib/services.tsx';

interface SecondFactorFormProps {
  challenge: string;
  /** The ways the account has (the first step's answer), the first offered first. */
  methods: TSecondFactorMethod[];
  onSignedIn: (user: TCurrentUser) => void;
  /** Back to the e-mail and password (a new challenge). */
  onRestart: () => void;
}

const SWITCH_LABELS: Record<TSecondFactorMethod, string> = {
  passkey: 'Use your passkey',
  totp: 'Use a code from your authenticator app',
  recovery_code: 'Use a recovery code',
};

/**
 * The second step of sign-in for an account with two-factor sign-in: a passkey, the code from
 * the authenticator app, or one of the recovery codes, whichever the account has
 * (docs/decisions/accounts-and-sessions.md).
 */
export function SecondFactorForm({ challenge, methods, onSignedIn, onRestart }: SecondFactorFormProps) {
  const offered: TSecondFactorMethod[] = methods.length > 0 ? methods : ['totp', 'recovery_code'];
  const [method, setMethod] = useState<TSecondFactorMethod>(offered[0]!);
  const switches = (
    <Switches
      others={offered.filter((other) => other !== method)}
      onSwitch={setMethod}
      onRestart={onRestart}
    />
  );
  if (method === 'passkey')
    return (
      <PasskeyStep challenge={challenge} onSignedIn={onSignedIn}>
        {switches}
      </PasskeyStep>
    );
  if (method === 'recovery_code')
    return (
      <RecoveryCodeForm challenge={challenge} onSignedIn={onSignedIn}>
        {switches}
      </RecoveryCodeForm>
    );
  return (
    <AppCodeForm challenge={challenge} onSignedIn={onSignedIn}>
      {switches}
    </AppCodeForm>
  );
}

type StepProps = Pick<SecondFactorFormProps, 'challenge' | 'onSignedIn'> & { children: ReactNode };

/** A passkey or security key: the browser asks for it, its signature is the second step. */
function PasskeyStep({ challenge, onSignedIn, children }: StepProps) {
  const auth = useAuth();
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const use = async () => {
    setBusy(true);
    setError(null);
    try {
      const options = await api.passkeySignInOptions(challenge);
      const passkey = await signWithPasskey(options);
      onSignedIn(await auth.verifySignIn({ challenge, passkey }));
    } catch (caught) {
      setError(
        caught instanceof PasskeyCeremonyError
          ? passkeyErrorMessage(caught.errorName, PASSKEY_MESSAGES.refused)
          : PortalError.from(caught).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Text fz="sm">
        Use the passkey or security key you added to your account: your browser asks you to touch the key, or
        to unlock your device.
      </Text>
      <FormError message={error} />
      <Button size="md" fullWidth loading={busy} onClick={() => void use()} data-autofocus>
        Use your passkey
      </Button>
      {children}
    </Stack>
  );
}

function AppCodeForm({ challenge, onSignedIn, children }: StepProps) {
  const auth = useAuth();
  const form = useZodForm(ZTotpCodeFormSchema, { code: '' });
  const submit = form.onSubmit(async ({ code }) => onSignedIn(await auth.verifySignIn({ challenge, code })));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">Open your authenticator app and enter the 6-digit code it shows for Connect.</Text>
        <FormError message={form.formError} />
        <TextInput
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          data-autofocus
          {...form.field('code')}
        />
        <Button type="submit" size="md" fullWidth loading={form.submitting}>
          Verify
        </Button>
        {children}
      </Stack>
    </form>
  );
}

function RecoveryCodeForm({ challenge, onSignedIn, children }: StepProps) {
  const auth = useAuth();
  const form = useZodForm(ZRecoveryCodeFormSchema, { recoveryCode: '' });
  const submit = form.onSubmit(async ({ recoveryCode }) =>
    onSignedIn(await auth.verifySignIn({ challenge, recoveryCode })),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.
        </Text>
        <FormError message={form.formError} />
        <TextInput
          label="Recovery code"
          autoComplete="off"
          spellCheck={false}
          required
          {...form.field('recoveryCode')}
        />
        <Button type="submit" size="md" fullWidth loading={form.submitting}>
          Verify
        </Button>
        {children}
      </Stack>
    </form>
  );
}

function Switches({
  others,
  onSwitch,
  onRestart,
}: {
  others: TSecondFactorMethod[];
  onSwitch: (method: TSecondFactorMethod) => void;
  onRestart: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4} align="flex-start">
        {others.map((other) => (
          <Anchor key={other} component="button" type="button" fz="sm" onClick={() => onSwitch(other)}>
            {SWITCH_LABELS[other]}
          </Anchor>
        ))}
      </Stack>
      <Anchor component="button" type="button" fz="sm" onClick={onRestart}>
        Back to sign in
      </Anchor>
    </Group>
  );
}
