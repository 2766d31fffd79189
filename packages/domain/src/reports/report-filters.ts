import { z } from 'zod';
import { ZAustralianStateSchema } from '../practices/australian-states.ts';

/**
 * The filters of the reports (state, network, QAM and a date range), kept in the URL
 * as `?state=NSW&network=3&qam=12&from=2026-01-01&to=2026-06-30` so a filtered report can be
 * bookmarked and shared. The same schema reads the URL on the screen and the query on the
 * server; a bad value is refused with the message below and nothing is read.
 */

const optionalId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Choose one from the list.')
  .transform(Number)
  .optional();

const optionalDate = z.iso.date('Enter a date as YYYY-MM-DD.').optional();

export const ZReportFilters = z
  .object({
    /** One of the states the practice list filters by too (the database's `australian_state`). */
    state: ZAustralianStateSchema.optional(),
    network: optionalId,
    qam: optionalId,
    /** First day of the range (inclusive). */
    from: optionalDate,
    /** Last day of the range (inclusive). */
    to: optionalDate,
    /** The practice a comparative report is about. */
    practice: optionalId,
    /**
     * The edition the analytics report compares on: findings on older editions follow the mappings
     * to it (docs/decisions/editions.md, "Reports across editions"); absent, each edition apart.
     */
    edition: optionalId,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: "'From' must be on or before 'To'.",
    path: ['to'],
  });

export type TReportFilters = z.infer<typeof ZReportFilters>;

export const REPORT_FILTER_KEYS = ['state', 'network', 'qam', 'from', 'to', 'practice', 'edition'] as const;

/** The filters of a URL query (empty values count as absent); throws a ZodError on bad values. */
export function parseReportFilters(query: URLSearchParams | Record<string, unknown>): TReportFilters {
  const get = (key: string): unknown =>
    query instanceof URLSearchParams ? (query.get(key) ?? undefined) : query[key];
  const raw: Record<string, unknown> = {};
  for (const key of REPORT_FILTER_KEYS) {
    const value = get(key);
    if (value !== undefined && value !== '') raw[key] = value;
  }
  return ZReportFilters.parse(raw);
}

/** The URL query of some filters (absent ones left out), in a fixed order. */
export function reportFiltersToSearch(filters: TReportFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of REPORT_FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) search.set(key, String(value));
  }
  return search;
}
