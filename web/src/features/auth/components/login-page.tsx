import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  invitationPath,
  PRACTICE_LIST_PATH,
  RESET_PATH,
  SSO_ERROR_MESSAGES,
  signupPath,
  type TSecondFactorMethod,
  ZLoginRequestSchema,
} from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { AuthLayout } from '../../../components/layout/auth-layout.tsx';
import { FullPageLoader } from '../../../components/layout/full-page-loader.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import type { TCurrentUser } from '../../../lib/auth/current-user.ts';
import { landingRoute } from '../../../lib/auth/landing-route.ts';
import { takeRememberedRoute } from '../../../lib/auth/return-route.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { useServices } from '../../../lib/services.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';
import { SingleSignOnButton, useSingleSignOnLabel, useSingleSignOnReturn } from './single-sign-on.tsx';

/**
 * /Login/:invitationToken? — a signed-in user without a token goes to the practice list; with a
 * token (an invitation for someone else, perhaps) the current user is signed out first, and whoever
 * signs in here goes on to the invitation (/Practice/Invite/:token) to accept it: the sign-out
 * forgets any remembered route, so the token itself says where to continue.
 */
export function LoginPage() {
  const { invitationToken } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  // An account with two-factor sign-in: the challenge of the second step, once the password was right.
  const [challenge, setChallenge] = useState<{ token: string; methods: TSecondFactorMethod[] } | null>(null);
  const form = useZodForm(ZLoginRequestSchema, { email: '', password: '' });
  // Set once this page signs someone in: that session is the one we want, never signed out.
  const signedInHere = useRef(false);
  // Single sign-on: the button's label when it is on, and what the identity provider's way back says.
  const ssoLabel = useSingleSignOnLabel();
  const sso = useSingleSignOnReturn();
  const { api } = useServices();
  const [ssoProblem, setSsoProblem] = useState<string | null>(null);
  // Back from the identity provider with our second factor still to give: its challenge, once.
  const wantsSsoChallenge = sso.secondFactor && !invitationToken;
  useEffect(() => {
    if (!wantsSsoChallenge) return;
    api.ssoChallenge().then(
      (step) => setChallenge({ token: step.challenge, methods: step.methods }),
      (error: unknown) =>
        setSsoProblem(error instanceof Error ? error.message : SSO_ERROR_MESSAGES.sso_failed),
    );
  }, [wantsSsoChallenge, api]);
  // Back from the identity provider signed in (the session restored from its cookie): on to the landing screen.
  const ssoSignedIn = sso.signedIn && auth.status === 'signedIn' ? auth.user : null;
  useEffect(() => {
    if (!ssoSignedIn) return;
    signedInHere.current = true;
    navigate(landingRoute(ssoSignedIn, takeRememberedRoute()), { replace: true });
  }, [ssoSignedIn, navigate]);

  const signedInBefore = auth.status === 'signedIn' && !signedInHere.current;
  const signedInWithToken = signedInBefore && Boolean(invitationToken);
  useEffect(() => {
    if (!signedInWithToken) return;
    setSigningOut(true);
    void auth.signOut().finally(() => setSigningOut(false));
  }, [signedInWithToken, auth.signOut]);

  if (auth.status === 'restoring' || signingOut || signedInWithToken || ssoSignedIn)
    return <FullPageLoader />;
  if (signedInBefore && !invitationToken) return <Navigate to={PRACTICE_LIST_PATH} replace />;
  const ssoError =
    sso.error ??
    ssoProblem ??
    (sso.signedIn && auth.status === 'signedOut' ? SSO_ERROR_MESSAGES.sso_failed : null);

  const goOn = (user: TCurrentUser) => {
    const remembered = takeRememberedRoute();
    navigate(invitationToken ? invitationPath(invitationToken) : landingRoute(user, remembered), {
      replace: true,
    });
  };

  const submit = form.onSubmit(async (credentials) => {
    signedInHere.current = true;
    const outcome = await auth.signIn(credentials);
    if (outcome.kind === 'secondFactor') setChallenge({ token: outcome.challenge, methods: outcome.methods });
    else goOn(outcome.user);
  });

  if (challenge) {
    return (
      <AuthLayout title="Two-factor sign-in" subtitle="One more step to confirm it is you.">
        <SecondFactorForm
          challenge={challenge.token}
          methods={challenge.methods}
          onSignedIn={goOn}
          onRestart={() => {
            setChallenge(null);
            form.setValue('password', '');
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in"
      subtitle={invitationToken ? 'Sign in to accept your invitation.' : 'Welcome back. Sign in to continue.'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError message={form.formError ?? ssoError} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={RESET_PATH} fz="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={form.submitting}>
            Sign in
          </Button>
          {ssoLabel && !invitationToken && <SingleSignOnButton label={ssoLabel} />}
          <Text ta="center" fz="sm" c="dimmed">
            New to Connect?{' '}
            <Anchor component={Link} to={signupPath(invitationToken)} fw={600}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
