import { Badge, type BadgeProps, Text } from '@mantine/core';
import { statusBadge } from '@portal/domain';

/** A status as the spec's badge (label and colour from `statusBadge`); a dash when there is none. */
export function StatusBadge({ status, ...props }: { status: string | null | undefined } & BadgeProps) {
  const { label, color } = statusBadge(status);
  if (!label) {
    return (
      <Text c="dimmed" fz="sm" component="span">
        —
      </Text>
    );
  }
  return (
    <Badge color={color} variant="light" radius="sm" tt="none" fw={600} {...props}>
      {label}
    </Badge>
  );
}
