import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_PATH } from '@portal/domain';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { CHUNK_LOAD_FAILED, isChunkLoadError } from '../lib/lazy-page.ts';

/** What a route shows when it fails: a screen that would not load, a missing page, a crash. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!chunk && !notFound) console.error(error);
  return (
    <Center mih="70vh" p="lg">
      <Paper withBorder radius="lg" p="xl" maw={480}>
        <Stack gap="sm">
          <Title order={2} fz={22}>
            {chunk ? CHUNK_LOAD_FAILED : notFound ? 'Page not found' : 'Something went wrong'}
          </Title>
          <Text c="dimmed">
            {chunk
              ? 'This screen could not be loaded. Check your connection, then reload the page.'
              : notFound
                ? 'The page you asked for does not exist.'
                : 'An unexpected error stopped this screen. Reload the page to try again.'}
          </Text>
          <Stack gap="xs" mt="sm" align="flex-start">
            {notFound ? (
              <Button component={Link} to="/">
                Go to the start page
              </Button>
            ) : (
              <Button onClick={() => window.location.reload()}>Reload the page</Button>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Center>
  );
}

/** Unknown paths inside the app. */
export function NotFoundPage() {
  return (
    <Stack gap="sm" maw={520}>
      <Title order={1} fz={26}>
        Page not found
      </Title>
      <Text c="dimmed">
        The page you asked for does not exist. Use the navigation on the left to continue.
      </Text>
    </Stack>
  );
}

/** A page the signed-in user's role may not open: says so, and why, instead of the page. */
export function NotAllowedPage({ message }: { message: string }) {
  return (
    <Stack gap="sm" maw={520}>
      <Title order={1} fz={26}>
        Not allowed
      </Title>
      <Text c="dimmed" role="alert">
        {message}
      </Text>
      <Button component={Link} to={DASHBOARD_PATH} variant="light" w="fit-content">
        Go to the dashboard
      </Button>
    </Stack>
  );
}
