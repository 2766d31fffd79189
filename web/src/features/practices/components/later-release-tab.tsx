import { Badge, Paper, Stack, Text, Title } from '@mantine/core';

/** A tab of the practice overview whose feature arrives in a later release, clearly marked so. */
export function LaterReleaseTab({ title, description }: { title: string; description: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="later-release-tab">
      <Stack gap="sm" align="flex-start">
        <Badge variant="light" color="yellow">
          Coming in a later release
        </Badge>
        <Title order={2} fz={20}>
          {title}
        </Title>
        <Text c="dimmed" maw={620}>
          {description}
        </Text>
        <Text c="dimmed" fz="sm">
          This tab is not available yet. Nothing shown here affects your practice.
        </Text>
      </Stack>
    </Paper>
  );
}
