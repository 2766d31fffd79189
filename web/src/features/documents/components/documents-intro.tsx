import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { DOCUMENTS_SCREEN_MESSAGES } from '@portal/domain';

/**
 * The first-time alert of the Documents screen (spec 002 §2): Step 2, 'Upload required
 * documents', and its three items. Whoever may change the practice dismisses it for the practice.
 */
export function DocumentsIntro({
  canDismiss,
  busy,
  onDismiss,
}: {
  canDismiss: boolean;
  busy: boolean;
  onDismiss(): void;
}) {
  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      title={
        <Group gap="sm" component="span">
          <Badge variant="filled" component="span">
            Step 2
          </Badge>
          <span>{DOCUMENTS_SCREEN_MESSAGES.introStep}</span>
        </Group>
      }
    >
      <Stack gap="sm">
        <Text fz="sm">Please upload these documents of your practice:</Text>
        <List spacing={4} fz="sm" withPadding>
          {DOCUMENTS_SCREEN_MESSAGES.introChecklist.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        {canDismiss ? (
          <Group>
            <Button size="sm" onClick={onDismiss} loading={busy}>
              {DOCUMENTS_SCREEN_MESSAGES.introButton}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
