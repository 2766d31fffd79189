import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { format } from 'date-fns';
import { useState } from 'react';
import { useClient, useMutation, useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { PortalError } from '../../../lib/errors.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { DisconnectWebinarsMutation } from '../api/disconnect-webinars.ts';
import { GetWebinarsQuery, type TWebinar } from '../api/get-webinars.ts';
import { WebinarAuthorizeUrlQuery } from '../api/webinar-authorize-url.ts';

/** '<weekday> d LLL yyyy - h:mma to h:mma', in the browser's time zone. */
function when(webinar: TWebinar): string {
  const start = new Date(webinar.startTime);
  const end = new Date(webinar.endTime);
  return `${format(start, 'EEE d LLL yyyy - h:mmaaa')} to ${format(end, 'h:mmaaa')}`;
}

/** Sends the browser to the provider's authorize page (the OAuth 2.0 authorization code flow). */
function useConnect() {
  const client = useClient();
  const { leaveApp } = useServices();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    const result = await client
      .query(WebinarAuthorizeUrlQuery, {}, { requestPolicy: 'network-only' })
      .toPromise();
    const url = result.data?.webinarAuthorizeUrl.url;
    if (!url) {
      setBusy(false);
      notifyError(result.error ? PortalError.fromCombinedError(result.error).message : 'Please try again.');
      return;
    }
    leaveApp(url);
  };
  return { connect, busy };
}

function WebinarCard({ webinar }: { webinar: TWebinar }) {
  return (
    <Paper withBorder radius="md" p="lg" component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {webinar.subject}
          </Title>
          <Text fz="sm" fw={500}>
            {when(webinar)}
          </Text>
          {webinar.description ? (
            <Text fz="sm" c="dimmed">
              {webinar.description}
            </Text>
          ) : null}
        </Stack>
        <Button
          component="a"
          href={webinar.registrationUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          aria-label={`Register for ${webinar.subject}`}
          style={{ flexShrink: 0 }}
        >
          Register
        </Button>
      </Group>
    </Paper>
  );
}

/** /Webinars: whether the user is connected to the webinar provider, and its upcoming webinars. */
export function WebinarsPage() {
  const [{ data, error, fetching }, refetch] = useQuery({
    query: GetWebinarsQuery,
    requestPolicy: 'network-only',
  });
  const [{ fetching: disconnecting }, disconnect] = useMutation(DisconnectWebinarsMutation);
  const { connect, busy } = useConnect();
  const answer = data?.webinars;

  const onDisconnect = async () => {
    const result = await disconnect({});
    if (result.error) notifyError(PortalError.fromCombinedError(result.error).message);
    refetch({ requestPolicy: 'network-only' });
  };

  const connected = !!answer?.connected && !answer.reconnect;
  return (
    <>
      <PageHeader
        title="Webinars"
        description="Training sessions about accreditation, run by our webinar provider."
        actions={
          answer?.connected ? (
            <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
              {connected ? (
                <Badge color="teal" variant="light" size="lg">
                  Connected
                </Badge>
              ) : null}
              <Button variant="default" loading={disconnecting} onClick={onDisconnect}>
                Disconnect
              </Button>
            </Group>
          ) : null
        }
      />
      {error ? (
        <Alert color="red" variant="light">
          {PortalError.fromCombinedError(error).message}
        </Alert>
      ) : !answer || (fetching && !data) ? (
        <Skeleton h={240} radius="md" />
      ) : !answer.available ? (
        <Alert color="gray" variant="light">
          Webinars are not set up on this portal.
        </Alert>
      ) : !answer.connected || answer.reconnect ? (
        <Paper withBorder radius="md" p="xl">
          <Stack gap="md" align="flex-start" maw={560}>
            <Title order={2} fz="lg">
              {answer.reconnect ? 'Your webinar connection needs renewing' : 'Connect your webinar account'}
            </Title>
            <Text fz="sm">
              {answer.reconnect
                ? 'We could not reach your webinar account with the access it gave us. Connect again to see the upcoming webinars.'
                : 'Connect your webinar account to see the upcoming webinars and register for them. You sign in with the webinar provider; the portal never sees your password there.'}
            </Text>
            <Button onClick={connect} loading={busy}>
              {answer.reconnect ? 'Reconnect' : 'Connect to webinars'}
            </Button>
          </Stack>
        </Paper>
      ) : answer.webinars.length === 0 ? (
        <Alert color="gray" variant="light">
          There are no upcoming webinars.
        </Alert>
      ) : (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {answer.webinars.length === 1
              ? '1 upcoming webinar'
              : `${answer.webinars.length} upcoming webinars`}
          </Text>
          {answer.webinars.map((webinar) => (
            <WebinarCard key={webinar.key} webinar={webinar} />
          ))}
        </Stack>
      )}
    </>
  );
}
