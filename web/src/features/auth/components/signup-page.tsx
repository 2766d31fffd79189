import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { invitationPath, loginPath, PRACTICE_LIST_PATH } from '@portal/domain';
import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { AuthLayout } from '../../../components/layout/auth-layout.tsx';
import { FullPageLoader } from '../../../components/layout/full-page-loader.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { landingRoute } from '../../../lib/auth/landing-route.ts';
import { takeRememberedRoute } from '../../../lib/auth/return-route.ts';
import { PortalError } from '../../../lib/errors.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { ZSignupFormSchema } from '../schemas.ts';

/**
 * /signup/:invitationToken? — registration, optionally accepting an invitation. With an
 * invitation the account is signed in at once; without one the page says to check the inbox
 * (the same for every address: a new one gets a link that finishes the sign-up, an existing one
 * a note to sign in or reset the password).
 */
export function SignupPage() {
  const { invitationToken } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const registered = useRef(false);
  const [checkInbox, setCheckInbox] = useState<{ message: string; email: string } | null>(null);
  const form = useZodForm(ZSignupFormSchema, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });

  if (auth.status === 'restoring') return <FullPageLoader />;
  // Signed in already: an invitation goes to its page (accept, or sign in as the invited address).
  if (auth.status === 'signedIn' && !registered.current)
    return <Navigate to={invitationToken ? invitationPath(invitationToken) : PRACTICE_LIST_PATH} replace />;

  const submit = form.onSubmit(async ({ confirmPassword: _confirm, ...input }) => {
    registered.current = true;
    try {
      const outcome = await auth.register({ ...input, invitationToken });
      if (outcome.kind === 'checkInbox') {
        registered.current = false;
        setCheckInbox({ message: outcome.message, email: input.email });
        return;
      }
      navigate(landingRoute(outcome.user, takeRememberedRoute()), { replace: true });
    } catch (error) {
      registered.current = false;
      if (invitationToken && error instanceof PortalError && error.code === 'invitation_invalid') {
        navigate(invitationPath(invitationToken), { state: { invalid: true } });
        return;
      }
      throw error;
    }
  });

  if (checkInbox)
    return (
      <AuthLayout title="Check your inbox" subtitle={`We have written to ${checkInbox.email}.`}>
        <Stack gap="lg">
          <Alert color="teal" variant="light" role="status" title="Check your inbox">
            {checkInbox.message} If you are new to Connect, the link in it finishes creating your account and
            signs you in.
          </Alert>
          <Text ta="center" fz="sm">
            <Anchor component={Link} to={loginPath()} fw={600}>
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        invitationToken
          ? 'You have been invited to join a practice on Connect.'
          : 'Register to manage your practice’s accreditation.'
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError message={form.formError} />
          <Group grow align="flex-start">
            <TextInput label="First name" autoComplete="given-name" required {...form.field('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...form.field('lastName')} />
          </Group>
          <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
          <PasswordInput
            label="Password"
            description="8 to 16 characters"
            autoComplete="new-password"
            required
            {...form.field('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={form.submitting} mt="xs">
            Create account
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to={loginPath(invitationToken)} fw={600}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
