import { Badge, type BadgeProps } from '@mantine/core';
import { assessmentStatusBadge, type TAssessmentStatus } from '@portal/domain';
import { ASSESSMENT_BADGE_COLOURS } from '../../../config/colours.ts';

/** An assessment's status as the spec's badge: 'in progress', 'under review' or 'complete' (spec 001 §2). */
export function AssessmentStatusBadge({ status, ...props }: { status: TAssessmentStatus } & BadgeProps) {
  const label = assessmentStatusBadge(status);
  return (
    // The label is never cut ('in progre…' in a narrow table column): the badge keeps its words.
    <Badge
      color={ASSESSMENT_BADGE_COLOURS[label]}
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
