import { Badge, type BadgeProps } from '@mantine/core';
import { assessmentStatusBadge, type TAssessmentStatus } from '@portal/domain';

const COLOURS = { 'in progress': 'blue', 'under review': 'yellow', complete: 'teal' } as const;

/** An assessment's status as the spec's badge: 'in progress', 'under review' or 'complete' (spec 001 §2). */
export function AssessmentStatusBadge({ status, ...props }: { status: TAssessmentStatus } & BadgeProps) {
  const label = assessmentStatusBadge(status);
  return (
    // The label is never cut ('in progre…' in a narrow table column): the badge keeps its words.
    <Badge
      color={COLOURS[label]}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      styles={{ label: { overflow: 'visible' } }}
      {...props}
    >
      {label}
    </Badge>
  );
}
