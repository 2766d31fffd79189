import { Center, Stack, Text } from '@mantine/core';
import { WEBINARS_ROUTE } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from 'urql';
import { Loading } from '../../../components/loading.tsx';
import { useServices } from '../../../lib/services.tsx';
import { ConnectWebinarsMutation } from '../api/connect-webinars.ts';

/**
 * /GoToWebinars/callback (query code, state; signed in, spec 000 §2): hands the code to the
 * server, which exchanges it for the user's webinar token, then goes to Webinars. Failures are only
 * logged (spec 002 §8): Webinars then shows the user as not connected, with Connect.
 */
export function WebinarCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { log } = useServices();
  const [, connectWebinars] = useMutation(ConnectWebinarsMutation);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const done = () => navigate(WEBINARS_ROUTE, { replace: true });
    if (!code || !state) {
      log('error', 'Webinar connection not made', { error: params.get('error') ?? 'no code or state' });
      done();
      return;
    }
    void connectWebinars({ code, state }).then((result) => {
      if (result.error || !result.data?.connectWebinars.connected) {
        log('error', 'Webinar token request failed', { error: result.error ?? 'refused' });
      }
      done();
    });
  }, [params, navigate, connectWebinars, log]);

  return (
    <Center mih={240}>
      <Stack align="center" gap="sm">
        <Loading label="Connecting" />
        <Text>Connecting your webinar account…</Text>
      </Stack>
    </Center>
  );
}
