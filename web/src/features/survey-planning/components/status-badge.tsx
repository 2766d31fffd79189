import { Badge } from '@mantine/core';
import { labelOf, TO_PLAN_LABEL, VISIT_STATUS_LABELS } from '@portal/domain';

/** A visit's status (or To plan) as a badge with its readable label, never cut short. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <Badge
      variant="light"
      color={statusColour(status)}
      size="sm"
      tt="none"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {status ? labelOf(VISIT_STATUS_LABELS, status) : TO_PLAN_LABEL}
    </Badge>
  );
}

export function statusColour(status: string | null | undefined): string {
  if (status === 'FINAL') return 'green';
  if (status === 'PREFERRED_DAYS_REQ') return 'blue';
  if (status === 'PLANNING') return 'yellow';
  return 'gray';
}
