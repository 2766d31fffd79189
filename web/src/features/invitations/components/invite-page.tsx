import { Alert, Button, Stack, Text } from '@mantine/core';
import { loginPath, practiceStaffPath, signupPath } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useMutation } from 'urql';
import { AuthLayout } from '../../../components/layout/auth-layout.tsx';
import { FullPageLoader } from '../../../components/layout/full-page-loader.tsx';
import type { TInvitationDetails } from '../../../lib/auth/auth-api.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { AcceptInvitationMutation } from '../api/accept-invitation.ts';
import { InvitationUnusable } from './invitation-unusable.tsx';

type TLoad = { status: 'loading' } | { status: 'loaded'; details: TInvitationDetails } | { status: 'failed' };

/**
 * /Practice/Invite/:invitationToken — public. Looks the token up (POST /api/invitations/details):
 * a usable invitation names who sent it, the practice and the invited address and offers to accept it (signed
 * in as that address), create an account, or sign in; an expired, used or unknown one says so.
 */
export function InvitePage() {
  const { invitationToken = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const { api } = useServices();
  const [load, setLoad] = useState<TLoad>({ status: 'loading' });
  const [accepting, setAccepting] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [, accept] = useMutation(AcceptInvitationMutation);
  // Registration refused the token: the look-up below says why.
  const refusedAtSignup = (location.state as { invalid?: boolean } | null)?.invalid === true;

  useEffect(() => {
    let cancelled = false;
    setLoad({ status: 'loading' });
    api
      .invitationDetails(invitationToken)
      .then((details) => !cancelled && setLoad({ status: 'loaded', details }))
      .catch(() => !cancelled && setLoad({ status: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [api, invitationToken]);

  if (load.status === 'loading' || auth.status === 'restoring') return <FullPageLoader />;
  const signedIn = auth.status === 'signedIn';
  if (load.status === 'failed')
    return <InvitationUnusable state="INVALID" message={null} practiceName={null} signedIn={signedIn} />;
  const { details } = load;
  if (details.state !== 'VALID' || refusedAtSignup)
    return (
      <InvitationUnusable
        state={details.state === 'VALID' ? 'INVALID' : details.state}
        message={details.message}
        practiceName={details.practiceName}
        signedIn={signedIn}
      />
    );

  const token = encodeURIComponent(invitationToken);
  const practice = details.practiceName ?? 'A practice';
  const invited = details.email ?? '';
  const sameUser = signedIn && auth.user?.email.toLowerCase() === invited.toLowerCase();
  // /Login/:token signs whoever is signed in out and, after the sign-in, comes back here to accept.
  const toLogin = () => navigate(loginPath(token));

  const onAccept = async () => {
    setAccepting(true);
    setAcceptError(null);
    const result = await accept({ token: invitationToken });
    if (result.error || !result.data) {
      setAccepting(false);
      setAcceptError(result.error ? PortalError.fromCombinedError(result.error).message : null);
      return;
    }
    const { practiceId, practiceName } = result.data.acceptInvitation;
    await auth.reloadUser();
    notifySuccess(`You have joined ${practiceName}.`);
    navigate(practiceStaffPath(practiceId), { replace: true });
  };

  return (
    <AuthLayout
      title="You have been invited"
      subtitle={
        details.inviterName
          ? `${details.inviterName} has invited ${invited || 'you'} to join ${practice} on Connect.`
          : `${practice} has invited ${invited || 'you'} to join it on Connect.`
      }
    >
      <Stack gap="lg">
        <Text fz="sm">
          Connect is where your practice manages its accreditation: the staff register, documents, the self
          assessment and survey visits.
        </Text>
        {acceptError ? (
          <Alert color="red" variant="light" role="alert">
            {acceptError}
          </Alert>
        ) : null}
        {sameUser ? (
          <Button size="md" fullWidth loading={accepting} onClick={onAccept}>
            Accept invitation
          </Button>
        ) : signedIn ? (
          <Stack gap="sm">
            <Alert color="blue" variant="light">
              This invitation was sent to {invited}, and you are signed in as {auth.user?.email}. Sign in as{' '}
              {invited} to accept it.
            </Alert>
            <Button size="md" fullWidth onClick={toLogin}>
              Sign in as {invited}
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Button component={Link} to={signupPath(token)} size="md" fullWidth>
              Create an account
            </Button>
            <Button size="md" fullWidth variant="default" onClick={toLogin}>
              I already have an account
            </Button>
          </Stack>
        )}
      </Stack>
    </AuthLayout>
  );
}
