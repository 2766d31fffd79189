import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/**
 * The page of a screen whose feature arrives in a later release. It says so plainly; it is
 * not a mock-up of the screen.
 */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return (
    <Paper withBorder radius="lg" p={48} maw={720} data-testid="coming-soon">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" color="brand">
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </ThemeIcon>
        <Badge variant="light" color="yellow" size="lg">
          Coming soon
        </Badge>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        <Text c="dimmed" fz="sm">
          This screen is not available yet: it arrives in a later release of Connect. Nothing shown or changed
          here affects your practice.
        </Text>
      </Stack>
    </Paper>
  );
}
