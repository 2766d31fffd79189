import { Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatAuditDateTime } from '@portal/domain';
import { useState } from 'react';
import type { TUserSessions } from '../../../lib/auth/sessions-api.ts';
import { PortalError } from '../../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';
import { useUserSessions } from '../hooks/use-user-sessions.ts';

/**
 * Account settings: where the user is signed in (docs/decisions/accounts-and-sessions.md,
 * "Sessions"): each session's browser and device, address, when it signed in and was last seen,
 * "This device" marked; "Sign out" ends another one, "Sign out of all other sessions" all of them.
 */
export function SessionsSection() {
  const { api } = useServices();
  const { sessions, error, reload } = useUserSessions();
  const [busy, setBusy] = useState<string | null>(null);

  const end = async (key: string, work: () => Promise<{ ended: number }>) => {
    setBusy(key);
    try {
      const { ended } = await work();
      notifySuccess(ended === 1 ? 'One session was signed out.' : `${ended} sessions were signed out.`);
    } catch (caught) {
      notifyError(PortalError.from(caught).message);
    } finally {
      setBusy(null);
      void reload();
    }
  };
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="sessions-heading">
      <Stack gap={4}>
        <Title order={2} fz="lg" id="sessions-heading">
          Where you are signed in
        </Title>
        <Text fz="sm">
          Sign out of a session you do not recognise, or that is on a device you no longer use.
        </Text>
      </Stack>
      {error ? (
        <Text fz="sm" c="red.9">
          {error}
        </Text>
      ) : sessions ? (
        <SessionList
          sessions={sessions}
          busy={busy}
          onEnd={(id) => void end(id, () => api.sessions.end(id))}
        />
      ) : null}
      {others > 0 ? (
        <Group>
          <Button
            variant="default"
            loading={busy === 'others'}
            onClick={() => void end('others', () => api.sessions.endOthers())}
          >
            Sign out of all other sessions
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function SessionList({
  sessions,
  busy,
  onEnd,
}: {
  sessions: TUserSessions;
  busy: string | null;
  onEnd: (id: string) => void;
}) {
  return (
    <List listStyleType="none" spacing="sm" aria-label="Your sessions">
      {sessions.map((session) => (
        <List.Item key={session.id}>
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Group gap="xs">
                <Text fw={600}>
                  {session.browser} on {session.device}
                </Text>
                {session.current ? <Badge variant="light">This device</Badge> : null}
              </Group>
              <Text fz="sm" c="dimmed">
                {session.address ? `${session.address} · ` : ''}signed in{' '}
                {formatAuditDateTime(session.signedInAt)} · last seen{' '}
                {formatAuditDateTime(session.lastSeenAt)}
              </Text>
            </Stack>
            {session.current ? null : (
              <Button
                variant="default"
                color="red"
                loading={busy === session.id}
                onClick={() => onEnd(session.id)}
              >
                Sign out
              </Button>
            )}
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
