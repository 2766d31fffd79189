import { Alert, Badge } from '@mantine/core';
import { EDITION_FLAG_LABELS } from '@portal/domain';
import type { TStoredResponse } from '../../assessments/index.ts';

type TEditionFlag = keyof typeof EDITION_FLAG_LABELS;

/**
 * The flag a move to a newer edition left on a response (issue 30): NEW when nothing of the older
 * edition maps to the indicator, CHANGED while a split or merged indicator's carried answer waits
 * for someone to answer it (the database clears it then; the live rows bring that here).
 */
export function editionFlagOf(saved: TStoredResponse | undefined): TEditionFlag | null {
  if (saved?.review_after_move) return 'CHANGED';
  if (saved?.new_in_edition) return 'NEW';
  return null;
}

const COLOURS: Record<TEditionFlag, string> = { NEW: 'blue', CHANGED: 'orange' };

/** The flag in the indicator's header: its words are part of the header button's name. */
export function EditionFlagBadge({ flag }: { flag: TEditionFlag | null }) {
  if (!flag) return null;
  return (
    <Badge variant="light" color={COLOURS[flag]} radius="sm" tt="none" data-edition-flag={flag}>
      {EDITION_FLAG_LABELS[flag]}
    </Badge>
  );
}

const EXPLANATIONS: Record<TEditionFlag, string> = {
  NEW: 'This indicator is new in this edition of the standards: nothing of the previous edition maps to it, so it starts unanswered.',
  CHANGED:
    'This indicator was split or merged from the previous edition, and what was answered there was carried here. Check it still fits, then answer it: this flag clears once someone does.',
};

/** The flag at the top of the indicator's panel, with what it means: a note named by its title, not an alert. */
export function EditionFlagNote({ flag }: { flag: TEditionFlag | null }) {
  if (!flag) return null;
  return (
    <Alert variant="light" color={COLOURS[flag]} py="xs" role="note" title={EDITION_FLAG_LABELS[flag]}>
      {EXPLANATIONS[flag]}
    </Alert>
  );
}
