import { Alert } from '@mantine/core';
import { REVIEW_MESSAGES, type TRepeatAssessment } from '@portal/domain';

/**
 * 'Repeat assessment required' with the 20 % rule's figures, when the findings require one (a note
 * in the review panel, a notice in the Approve modal); nothing otherwise. Light, so its text keeps
 * its contrast (a filled orange alert fails axe's colour-contrast).
 */
export function RepeatAssessmentAlert({
  repeat,
  asNote = false,
}: {
  repeat: TRepeatAssessment | null | undefined;
  /** In the review panel it is a note of its own (role="note"). */
  asNote?: boolean;
}) {
  if (!repeat?.required) return null;
  return (
    <Alert
      variant="light"
      color="orange"
      title="Repeat assessment required"
      role={asNote ? 'note' : undefined}
    >
      {REVIEW_MESSAGES.repeatAssessment(repeat.mandatoryNotMet, repeat.mandatoryCount, repeat.percent)}
    </Alert>
  );
}
