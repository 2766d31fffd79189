import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { ADMIN_CONSOLE_REFUSED_MESSAGE, DASHBOARD_PATH } from '@portal/domain';
import { Link } from 'react-router';

/** What anyone but an active provider admin sees at the console's address. */
export function ConsoleRefused({ detail }: { detail?: string }) {
  return (
    <main>
      <Paper withBorder radius="lg" p={40} maw={640} mx="auto" mt={64}>
        <Stack gap="md" align="flex-start">
          <Title order={1} fz={26}>
            Admin console
          </Title>
          <Text role="alert">{ADMIN_CONSOLE_REFUSED_MESSAGE}</Text>
          {detail && detail !== ADMIN_CONSOLE_REFUSED_MESSAGE ? <Text c="dimmed">{detail}</Text> : null}
          <Text c="dimmed" fz="sm">
            The console is for provider administrators. Ask one if a record needs fixing by hand.
          </Text>
          <Anchor component={Link} to={DASHBOARD_PATH} td="underline">
            Back to the dashboard
          </Anchor>
        </Stack>
      </Paper>
    </main>
  );
}
