import { Alert, Button, Stack, Text } from '@mantine/core';
import { loginPath, PRACTICE_LIST_PATH } from '@portal/domain';
import { Link } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout.tsx';
import { env } from '../../../config/env.ts';
import type { TInvitationDetails } from '../../../lib/auth/auth-api.ts';

const TITLES: Record<Exclude<TInvitationDetails['state'], 'VALID'>, { title: string; alert: string }> = {
  EXPIRED: { title: 'This invitation has expired', alert: 'Expired invitation' },
  USED: { title: 'This invitation has already been used', alert: 'Already used' },
  INVALID: { title: 'This invitation can no longer be used', alert: 'Expired or already used' },
};
const FALLBACK = 'This invitation link has expired or has already been used.';

/** An expired, used, revoked or unknown invitation: what happened and what to do next. */
export function InvitationUnusable({
  state,
  message,
  practiceName,
  signedIn,
}: {
  state: Exclude<TInvitationDetails['state'], 'VALID'>;
  message: string | null;
  practiceName: string | null;
  signedIn: boolean;
}) {
  const { title, alert } = TITLES[state];
  return (
    <AuthLayout title={title} subtitle={practiceName ? `Invitation to ${practiceName}` : undefined}>
      <Stack gap="lg">
        <Alert color="yellow" variant="light" role="alert" title={alert}>
          {message ?? FALLBACK}
        </Alert>
        <Text fz="sm" c="dimmed">
          {state === 'USED'
            ? 'If you accepted it, your practice is waiting for you after you sign in.'
            : 'Ask your practice manager to send you a new invitation.'}{' '}
          For help, call {env.VITE_HELP_PHONE} or email {env.VITE_SUPPORT_EMAIL}.
        </Text>
        {signedIn ? (
          <Button component={Link} to={PRACTICE_LIST_PATH} size="md" fullWidth variant="default">
            Go to my practices
          </Button>
        ) : (
          <Button component={Link} to={loginPath()} size="md" fullWidth variant="default">
            Go to sign in
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
