import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { STAFF_MESSAGES } from '@portal/domain';

/** The first-view intro of the staff page: step 1 and its checklist (spec 000 §2). */
export function StaffIntro({
  onStart,
  busy,
  canStart,
}: {
  onStart(): void;
  busy: boolean;
  canStart: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="xl" maw={760}>
      <Stack gap="md">
        <Group gap="sm">
          <Badge size="lg" variant="filled">
            Step 1
          </Badge>
          <Title order={2} fz={20}>
            {STAFF_MESSAGES.introStep}
          </Title>
        </Group>
        <Text fz="sm">Have these details of every staff member at hand before you start:</Text>
        <List spacing={6} fz="sm" withPadding>
          {STAFF_MESSAGES.introChecklist.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        {canStart ? (
          <Group>
            <Button size="md" onClick={onStart} loading={busy}>
              {STAFF_MESSAGES.introButton}
            </Button>
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            The practice manager enters the staff details.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
