import { Alert } from '@mantine/core';
import { REVIEW_MESSAGES, type TRepeatAssessment } from '@portal/domain';

/**
 * 'Repeat assessment required' with the 20 % rule's figures, when the findings require one (the
 * review panel's filled note, the Approve modal's light notice); nothing otherwise.
 */
export function RepeatAssessmentAlert({
  repeat,
  variant,
}: {
  repeat: TRepeatAssessment | null | undefined;
  variant: 'filled' | 'light';
}) {
  if (!repeat?.required) return null;
  return (
    <Alert
      variant={variant}
      color="orange"
      title="Repeat assessment required"
      role={variant === 'filled' ? 'note' : undefined}
    >
      {REVIEW_MESSAGES.repeatAssessment(repeat.mandatoryNotMet, repeat.mandatoryCount, repeat.percent)}
    </Alert>
  );
}
