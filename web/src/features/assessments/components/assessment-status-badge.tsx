import { Badge, type BadgeProps } from '@mantine/core';
import { assessmentStatusBadge, MOVED_ASSESSMENT_MESSAGES, type TAssessmentStatus } from '@portal/domain';
import { ASSESSMENT_BADGE_COLOURS } from '../../../config/colours.ts';

/**
 * An assessment's status as the spec's badge: 'in progress', 'under review' or 'complete' (spec
 * 001 §2); 'moved' for one moved to a newer edition (its status stays, but nothing changes it).
 */
export function AssessmentStatusBadge({
  status,
  moved = false,
  ...props
}: { status: TAssessmentStatus; moved?: boolean } & BadgeProps) {
  const label = moved ? MOVED_ASSESSMENT_MESSAGES.badge : assessmentStatusBadge(status);
  return (
    // The label is never cut ('in progre…' in a narrow table column): the badge keeps its words.
    <Badge
      color={moved ? 'gray' : ASSESSMENT_BADGE_COLOURS[label as keyof typeof ASSESSMENT_BADGE_COLOURS]}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      styles={{ label: { overflow: 'visible' } }}
      title={moved ? MOVED_ASSESSMENT_MESSAGES.title : undefined}
      {...props}
    >
      {label}
    </Badge>
  );
}
