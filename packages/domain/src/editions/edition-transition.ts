import { z } from 'zod';
import { API_PREFIX } from '../routes/paths.ts';

/**
 * The transition window between the current edition and a newer one (docs/decisions/editions.md,
 * "The transition window"): the days in which a new cycle may use either; after them, the newer.
 * The database holds the rule; these are the shapes and words the API and the screens share.
 */

/** A day as the API writes it (YYYY-MM-DD). */
const ZDay = (what: string) => z.iso.date({ error: `Enter the ${what} as a date (YYYY-MM-DD).` });

/** PUT /api/admin/editions/:id/transition: the window's first and last days (both included). */
export const ZEditionTransitionInputSchema = z
  .strictObject(
    { opensOn: ZDay('opening date'), closesOn: ZDay('closing date') },
    { error: 'Send opensOn and closesOn, the first and last days of the window.' },
  )
  .refine((window) => window.closesOn > window.opensOn, {
    message: 'The window must close after it opens: choose a closing date after the opening date.',
    path: ['closesOn'],
  });
export type TEditionTransitionInput = z.infer<typeof ZEditionTransitionInputSchema>;

/** Where a window is on a day. */
export type TTransitionState = 'UPCOMING' | 'OPEN' | 'CLOSED' | 'COMPLETED';

/** An edition, as the window names it. */
export interface TEditionRef {
  id: number;
  code: string;
  name: string;
}

/** A window as the admin area shows it (GET …/:id/transition). */
export interface TEditionTransition {
  from: TEditionRef;
  to: TEditionRef;
  opensOn: string;
  closesOn: string;
  state: TTransitionState;
  /** When the newer edition became the current one (ISO), after the window closed. */
  completedAt: string | null;
}

/** GET …/:id/transition: the edition's window, or none yet and the current edition it would go from. */
export interface TEditionTransitionView {
  transition: TEditionTransition | null;
  /** The current edition (a new window goes from it); null when there is none. */
  current: TEditionRef | null;
}

/** The path of an edition's window. */
export const editionTransitionPath = (editionId: number) =>
  `${API_PREFIX}/admin/editions/${editionId}/transition`;

/** A window's state on a day (YYYY-MM-DD). */
export function transitionState(
  window: { opensOn: string; closesOn: string; completedAt: string | null },
  today: string,
): TTransitionState {
  if (window.completedAt) return 'COMPLETED';
  if (today < window.opensOn) return 'UPCOMING';
  return today <= window.closesOn ? 'OPEN' : 'CLOSED';
}

/** PUT /api/practices/:id/next-cycle-edition: the edition the practice chose for its next cycle. */
export const ZNextCycleChoiceSchema = z.strictObject(
  { editionId: z.number({ error: 'Choose an edition.' }).int().positive().max(2_147_483_647) },
  { error: 'Send editionId, the edition chosen.' },
);
export type TNextCycleChoice = z.infer<typeof ZNextCycleChoiceSchema>;

/** GET /api/practices/:id/next-cycle-edition: the open window (if any) and the practice's choice. */
export interface TNextCycleEdition {
  /** The window open today or still to open (`open` false), or null when there is none to come. */
  window: { older: TEditionRef; newer: TEditionRef; opensOn: string; closesOn: string; open: boolean } | null;
  /** The edition the next cycle will use (the choice, else the older within a window). */
  editionId: number | null;
  /** Whether the caller may choose (practice.changePractice). */
  canChoose: boolean;
}

/** The path of a practice's choice. */
export const nextCycleEditionPath = (practiceId: number) =>
  `${API_PREFIX}/practices/${practiceId}/next-cycle-edition`;

/** What the screens and the API say about the choice. */
export const NEXT_CYCLE_MESSAGES = {
  saved: (code: string) => `Saved: your next cycle will use ${code}.`,
  noWindow: 'No transition window is open: your next cycle uses the current edition.',
  notYet: (opensOn: string) => `The transition window opens on ${opensOn}: choose from then.`,
  notAnEdition: 'Choose one of the two editions of the transition window.',
} as const;
