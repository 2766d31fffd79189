import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { ASSESSMENT_MESSAGES } from '@portal/domain';

/** The first view of the Accreditation tab: Step 3, 'Start Self Assessment' (spec 001 §2). */
export function AccreditationStart({
  canStart,
  busy,
  dueDate,
  onStart,
}: {
  canStart: boolean;
  busy: boolean;
  dueDate: string | null;
  onStart(): void;
}) {
  return (
    <Card withBorder radius="md" padding="xl" maw={760}>
      <Stack gap="md">
        <Group gap="sm">
          <Badge size="lg" variant="filled">
            {ASSESSMENT_MESSAGES.startStep}
          </Badge>
          <Title order={2} fz={20}>
            {ASSESSMENT_MESSAGES.startButton}
          </Title>
        </Group>
        <Text fz="sm">{ASSESSMENT_MESSAGES.startIntro}</Text>
        <List spacing={6} fz="sm" withPadding>
          <List.Item>Work through each standard at your own pace: every answer saves as you go.</List.Item>
          <List.Item>Attach evidence and leave comments for your team on any indicator.</List.Item>
          <List.Item>
            Submit for review when every indicator is complete. It can be submitted only once.
          </List.Item>
        </List>
        {dueDate ? (
          <Text fz="sm" c="dimmed">
            Due {dueDate}
          </Text>
        ) : null}
        {canStart ? (
          <Group>
            <Button size="md" onClick={onStart} loading={busy}>
              {ASSESSMENT_MESSAGES.startButton}
            </Button>
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            The practice manager starts the self assessment.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
