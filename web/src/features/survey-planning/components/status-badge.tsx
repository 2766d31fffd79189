import { Badge } from '@mantine/core';
import { labelOf, TO_PLAN_LABEL, VISIT_STATUS_LABELS } from '@portal/domain';
import { visitStatusColour } from '../../../config/colours.ts';

/** A visit's status (or To plan) as a badge with its readable label, never cut short. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <Badge
      variant="light"
      color={visitStatusColour(status)}
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
