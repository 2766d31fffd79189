import { Badge } from '@mantine/core';
import { EVIDENCE_STATE_LABELS, evidenceState, evidenceStateText, portalToday } from '@portal/domain';

/**
 * 'Due soon' or 'Overdue' beside a dated piece of evidence (docs/decisions/evidence.md): the word
 * is on screen, so the colour is never the only sign; its title repeats it with the date
 * (spec 002 §5's dd/MM/yyyy). Nothing while the evidence is current or undated.
 */
export function EvidenceStateBadge({
  date,
  today = portalToday(),
  withDate = false,
}: {
  date: string | null | undefined;
  today?: string;
  /** Whether the badge says the date too ('Overdue since 09/03/2026'), where no column shows it. Default false. */
  withDate?: boolean;
}) {
  const state = evidenceState(date, today);
  if (state !== 'DUE_SOON' && state !== 'OVERDUE') return null;
  const text = evidenceStateText(date, today);
  return (
    <Badge
      size="sm"
      variant="light"
      color={state === 'OVERDUE' ? 'red' : 'yellow'}
      title={text}
      tt={withDate ? 'none' : undefined}
    >
      {withDate ? text : EVIDENCE_STATE_LABELS[state]}
    </Badge>
  );
}
