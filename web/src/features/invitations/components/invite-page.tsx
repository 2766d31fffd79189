import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout.tsx';
import { env } from '../../../config/env.ts';

/**
 * /Practice/Invite/:invitationToken — explains the invitation and offers to sign in or create
 * an account with it. Registration answers `invitation_invalid` for an expired or used link and
 * comes back here with `state.invalid`.
 */
export function InvitePage() {
  const { invitationToken = '' } = useParams();
  const location = useLocation();
  const invalid = (location.state as { invalid?: boolean } | null)?.invalid === true;
  const token = encodeURIComponent(invitationToken);

  if (invalid)
    return (
      <AuthLayout title="This invitation can no longer be used">
        <Stack gap="lg">
          <Alert color="yellow" variant="light" role="alert" title="Expired or already used">
            This invitation link has expired or has already been used.
          </Alert>
          <Text fz="sm" c="dimmed">
            Ask your practice manager to send you a new invitation. If you already have an account, sign in:
            your practice will appear once you have been added. For help, call {env.VITE_HELP_PHONE} or email{' '}
            {env.VITE_SUPPORT_EMAIL}.
          </Text>
          <Button component={Link} to="/Login" size="md" fullWidth variant="default">
            Go to sign in
          </Button>
        </Stack>
      </AuthLayout>
    );

  return (
    <AuthLayout title="You have been invited" subtitle="A practice has invited you to join it on Connect.">
      <Stack gap="lg">
        <Text fz="sm">
          Connect is where your practice manages its accreditation: the staff register, documents, the self
          assessment and survey visits. Accept the invitation by creating your account, or sign in if you
          already have one.
        </Text>
        <Stack gap="sm">
          <Button component={Link} to={`/signup/${token}`} size="md" fullWidth>
            Create an account
          </Button>
          <Button component={Link} to={`/Login/${token}`} size="md" fullWidth variant="default">
            I already have an account
          </Button>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
