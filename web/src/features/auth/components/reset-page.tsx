import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginPath, ZPasswordResetRequestSchema } from '@portal/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { AuthLayout } from '../../../components/layout/auth-layout.tsx';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { useServices } from '../../../lib/services.tsx';
import { ZResetConfirmFormSchema } from '../schemas.ts';

const BackToSignIn = () => (
  <Text ta="center" fz="sm">
    <Anchor component={Link} to={loginPath()} fw={600}>
      Back to sign in
    </Anchor>
  </Text>
);

function RequestResetForm() {
  const { api } = useServices();
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(ZPasswordResetRequestSchema, { email: '' });
  const submit = form.onSubmit(async (body) => setSent((await api.requestPasswordReset(body)).message));

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail you sign in with and we will send you a link."
    >
      {sent ? (
        <Stack gap="lg">
          <Alert color="teal" variant="light" role="status" title="Check your inbox">
            {sent}
          </Alert>
          <BackToSignIn />
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError message={form.formError} />
            <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
            <Button type="submit" size="md" fullWidth loading={form.submitting}>
              Send reset link
            </Button>
            <BackToSignIn />
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

function ConfirmResetForm({ token }: { token: string }) {
  const { api } = useServices();
  const [done, setDone] = useState(false);
  const form = useZodForm(ZResetConfirmFormSchema, { token, password: '', confirmPassword: '' });
  const submit = form.onSubmit(async ({ confirmPassword: _confirm, ...body }) => {
    await api.confirmPasswordReset(body);
    setDone(true);
  });

  return (
    <AuthLayout title="Choose a new password" subtitle="Your new password must be 8 to 16 characters long.">
      {done ? (
        <Stack gap="lg">
          <Alert color="teal" variant="light" role="status" title="Password changed">
            Your password has been changed. You can now sign in with it.
          </Alert>
          <Button component={Link} to={loginPath()} size="md" fullWidth>
            Sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError message={form.formError} />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              {...form.field('password')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              {...form.field('confirmPassword')}
            />
            <Button type="submit" size="md" fullWidth loading={form.submitting}>
              Change password
            </Button>
            <BackToSignIn />
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

/** /Reset — ask for a reset link; /Reset?token=… — set the new password. */
export function ResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ConfirmResetForm token={token} /> : <RequestResetForm />;
}
