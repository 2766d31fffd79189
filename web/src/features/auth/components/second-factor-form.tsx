import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ZRecoveryCodeFormSchema, ZTotpCodeFormSchema } from '@portal/domain';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import type { TCurrentUser } from '../../../lib/auth/current-user.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';

interface SecondFactorFormProps {
  challenge: string;
  onSignedIn: (user: TCurrentUser) => void;
  /** Back to the e-mail and password (a new challenge). */
  onRestart: () => void;
}

/**
 * The second step of sign-in for an account with two-factor sign-in: the code from the
 * authenticator app, or one of the recovery codes (docs/decisions/accounts-and-sessions.md).
 */
export function SecondFactorForm({ challenge, onSignedIn, onRestart }: SecondFactorFormProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  return useRecovery ? (
    <RecoveryCodeForm challenge={challenge} onSignedIn={onSignedIn}>
      <Switches
        label="Use a code from your authenticator app"
        onSwitch={() => setUseRecovery(false)}
        onRestart={onRestart}
      />
    </RecoveryCodeForm>
  ) : (
    <AppCodeForm challenge={challenge} onSignedIn={onSignedIn}>
      <Switches label="Use a recovery code" onSwitch={() => setUseRecovery(true)} onRestart={onRestart} />
    </AppCodeForm>
  );
}

type StepProps = Pick<SecondFactorFormProps, 'challenge' | 'onSignedIn'> & { children: ReactNode };

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
  label,
  onSwitch,
  onRestart,
}: {
  label: string;
  onSwitch: () => void;
  onRestart: () => void;
}) {
  return (
    <Group justify="space-between">
      <Anchor component="button" type="button" fz="sm" onClick={onSwitch}>
        {label}
      </Anchor>
      <Anchor component="button" type="button" fz="sm" onClick={onRestart}>
        Back to sign in
      </Anchor>
    </Group>
  );
}
