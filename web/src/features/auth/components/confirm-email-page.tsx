import { Anchor, Group, Stack, Text } from '@mantine/core';
import { loginPath, signupPath } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { AuthLayout } from '../../../components/layout/auth-layout.tsx';
import { FullPageLoader } from '../../../components/layout/full-page-loader.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { landingRoute } from '../../../lib/auth/landing-route.ts';
import { takeRememberedRoute } from '../../../lib/auth/return-route.ts';
import { UNEXPECTED_ERROR_MESSAGE } from '../../../lib/errors.ts';

/**
 * /ConfirmEmail?token=… — the link of the sign-up e-mail: the address is proven, so the account
 * is created and signed in, and the new user lands as after a sign-in.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const auth = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // The link is single use: one call, even when React runs the effect twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || auth.status === 'restoring') return;
    sent.current = true;
    if (!token) {
      setFailure('This sign-up link is incomplete. Open the link from the e-mail again.');
      return;
    }
    auth
      .confirmRegistration(token)
      .then((user) => navigate(landingRoute(user, takeRememberedRoute()), { replace: true }))
      .catch((error: unknown) =>
        setFailure(error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR_MESSAGE),
      );
  }, [auth, token, navigate]);

  if (!failure) return <FullPageLoader />;
  return (
    <AuthLayout title="Finish creating your account" subtitle="Confirming your e-mail address.">
      <Stack gap="lg">
        <FormError message={failure} />
        <Group justify="center" gap="xl">
          <Text fz="sm">
            <Anchor component={Link} to={loginPath()} fw={600}>
              Sign in
            </Anchor>
          </Text>
          <Text fz="sm">
            <Anchor component={Link} to={signupPath()} fw={600}>
              Sign up again
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </AuthLayout>
  );
}
