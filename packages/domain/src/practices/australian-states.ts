import { z } from 'zod';

/**
 * The states and territories an address (and the practice list's and the reports' State filter)
 * can name: the values of the database's `australian_state` enum table, checked equal by
 * `actions/src/routes/practices/practices-csv.test.ts`.
 */
export const AUSTRALIAN_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type TAustralianState = (typeof AUSTRALIAN_STATES)[number];

export const STATE_FILTER_MESSAGE = 'Choose a state from the list.';

const STATES: ReadonlySet<string> = new Set(AUSTRALIAN_STATES);

/** One of AUSTRALIAN_STATES, exactly (upper case); typed as text, as the filters carry it. */
export const ZAustralianStateSchema = z
  .string({ error: STATE_FILTER_MESSAGE })
  .refine((value) => STATES.has(value), STATE_FILTER_MESSAGE);
