import { z } from 'zod';
import { addYearsToWireDate } from '../constants/dates.ts';
import { PRACTICE_LIST_PAGE_SIZE } from '../constants/limits.ts';
import { containsPattern } from '../constants/search-pattern.ts';
import { CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTERS } from '../validation/control-characters.ts';
import { ZAustralianStateSchema } from './australian-states.ts';

/** The six filter checkboxes of the practice list, with their query flags (spec 000 §2). */
export const PRACTICE_LIST_FILTERS = [
  { flag: 'cycleOpen', label: 'Cycle open' },
  { flag: 'actionRequired', label: 'Action required' },
  { flag: 'selfAssessmentDue', label: 'Self assessment due' },
  { flag: 'renewalDue', label: 'Renewal due' },
  { flag: 'preferenceDaysDue', label: 'Preference days due' },
  { flag: 'lessExpire', label: 'Less than 12m to expire' },
] as const;
export type TPracticeListFilter = (typeof PRACTICE_LIST_FILTERS)[number]['flag'];
/** A set filter is the text 'true' in the URL. */
export const FILTER_FLAG_VALUE = 'true';

/** The list's state, as the URL carries it (so a filtered list can be bookmarked and shared). */
export interface PracticeListQuery {
  search: string;
  filters: TPracticeListFilter[];
  state: string | null;
  network: string | null;
  /** 1-based page. */
  page: number;
}

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

/** The longest search text and network name the list takes. */
export const PRACTICE_LIST_TEXT_MAX_LENGTH = 200;

const ZListText = (what: string) =>
  z
    .string({ error: `Give the ${what} once, as text.` })
    .max(
      PRACTICE_LIST_TEXT_MAX_LENGTH,
      `The ${what} can be at most ${PRACTICE_LIST_TEXT_MAX_LENGTH} characters.`,
    )
    .refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTER_MESSAGE);

const ZFilterFlag = z.literal(FILTER_FLAG_VALUE, {
  error: `A filter is set with the value '${FILTER_FLAG_VALUE}', or left out.`,
});

/**
 * The list's URL query, value by value (spec 000 §2): what the screen reads from its URL and what
 * the CSV download (`GET /api/practices/csv`) accepts. Empty values count as absent; keys it
 * does not name are not the list's and are ignored.
 */
export const ZPracticeListQuerySchema = z.object({
  search: ZListText('search').optional(),
  ...(Object.fromEntries(PRACTICE_LIST_FILTERS.map((f) => [f.flag, ZFilterFlag.optional()])) as Record<
    TPracticeListFilter,
    z.ZodOptional<typeof ZFilterFlag>
  >),
  state: ZAustralianStateSchema.optional(),
  network: ZListText('network').optional(),
  page: z
    .string({ error: 'Give the page once, as a number.' })
    .regex(/^[1-9]\d{0,5}$/, 'The page is a whole number from 1.')
    .optional(),
});

const QUERY_KEYS = Object.keys(ZPracticeListQuerySchema.shape) as Array<
  keyof typeof ZPracticeListQuerySchema.shape
>;

/** The query's values by key (absent and empty left out; a repeated key stays a list, which the schema refuses). */
function rawQuery(params: Params): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const key of QUERY_KEYS) {
    const value = params instanceof URLSearchParams ? params.getAll(key) : params[key];
    const values = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
      (v) => v !== '',
    );
    if (values.length === 1) raw[key] = values[0]!;
    else if (values.length > 1) raw[key] = values;
  }
  return raw;
}

function toListQuery(valid: z.infer<typeof ZPracticeListQuerySchema>): PracticeListQuery {
  return {
    search: valid.search ?? '',
    filters: PRACTICE_LIST_FILTERS.map((f) => f.flag).filter((flag) => valid[flag] === FILTER_FLAG_VALUE),
    state: valid.state ?? null,
    network: valid.network ?? null,
    page: valid.page ? Number(valid.page) : 1,
  };
}

/**
 * Reads the list state from the screen's URL with `ZPracticeListQuerySchema`: a value the schema
 * refuses is left out (a bookmarked link with one bad value still opens the list).
 */
export function parsePracticeListQuery(params: Params): PracticeListQuery {
  const raw = rawQuery(params);
  const valid: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = ZPracticeListQuerySchema.shape[key as keyof typeof ZPracticeListQuerySchema.shape];
    const parsed = field.safeParse(value);
    if (parsed.success) valid[key] = parsed.data;
  }
  return toListQuery(valid as z.infer<typeof ZPracticeListQuerySchema>);
}

/**
 * The list state of a request (the CSV download): the same schema, but a value it refuses is an
 * error (a ZodError naming the parameter), so nothing is read for a query that is not the list's.
 */
export function readPracticeListQuery(params: Params): PracticeListQuery {
  return toListQuery(ZPracticeListQuerySchema.parse(rawQuery(params)));
}

/** The query string of a list state: only what differs from the default, in a stable order. */
export function practiceListSearchParams(query: Partial<PracticeListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set('search', query.search.trim());
  for (const { flag } of PRACTICE_LIST_FILTERS) {
    if (query.filters?.includes(flag)) params.set(flag, FILTER_FLAG_VALUE);
  }
  if (query.state) params.set('state', query.state);
  if (query.network) params.set('network', query.network);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}

/** Whether anything narrows the list (decides which empty message shows). */
export function hasPracticeListCriteria(query: Partial<PracticeListQuery>): boolean {
  return !!(query.search?.trim() || query.filters?.length || query.state || query.network);
}

/**
 * The filters as `practices_bool_exp` parts. `today` is the calendar day (yyyy-MM-dd) the
 * date rules are measured from, so the web list and the CSV agree and tests can fix it.
 */
export function practiceFilterWhere(filter: TPracticeListFilter, today: string): Record<string, unknown> {
  switch (filter) {
    case 'cycleOpen':
      return { current_accreditation: { status: { _eq: 'OPEN' } } };
    case 'actionRequired':
      return { current_accreditation: { assessments: { status: { _eq: 'ACTION_REQUIRED' } } } };
    case 'selfAssessmentDue':
      // An open cycle with a due date whose self assessment has not been submitted yet.
      return {
        current_accreditation: {
          status: { _eq: 'OPEN' },
          self_assessment_due: { _is_null: false },
          _not: {
            assessments: { type: { _eq: 'PRESURVEY' }, status: { _in: ['UNDER_REVIEW', 'COMPLETED'] } },
          },
        },
      };
    case 'renewalDue':
      return { reapplications: { status: { _in: ['DUE', 'PAYMENT_PENDING'] } } };
    case 'preferenceDaysDue':
      return {
        current_accreditation: {
          survey_visits: {
            status: { _eq: 'PREFERRED_DAYS_REQ' },
            due: { _gt: today },
            archived: { _eq: false },
          },
        },
      };
    case 'lessExpire': {
      const inAYear = addYearsToWireDate(today, 1);
      return {
        current_accreditation: {
          _or: [{ expiry_date: { _gt: today, _lte: inAYear } }, { ext_date: { _gt: today, _lte: inAYear } }],
        },
      };
    }
  }
}

/**
 * ONE `practices_bool_exp` for the list: active practices, the search ('Search all practices':
 * name, suburb, postcode or network, case-insensitive, anywhere in the text), the checked
 * filters, state and network. The web list query and the CSV download both use it.
 */
export function practiceListWhere(
  query: Pick<PracticeListQuery, 'search' | 'filters' | 'state' | 'network'>,
  today: string,
): Record<string, unknown> {
  const and: Record<string, unknown>[] = [{ active_status: { _eq: 'ACTIVE' } }];
  const search = query.search.trim();
  if (search) {
    const like = { _ilike: containsPattern(search) };
    and.push({
      _or: [
        { organisation: { name: like } },
        { organisation: { physical_address: { suburb: like } } },
        { organisation: { physical_address: { postcode: like } } },
        { network: { name: like } },
      ],
    });
  }
  for (const filter of query.filters) and.push(practiceFilterWhere(filter, today));
  if (query.state) and.push({ organisation: { physical_address: { state: { _eq: query.state } } } });
  if (query.network) and.push({ network: { name: { _eq: query.network } } });
  return { _and: and };
}

/**
 * The list's order: the expiry the Expiry column shows (the current accreditation's extension
 * when one was granted, else its expiry: the generated `effective_expiry_date`), soonest first,
 * practices without one last, then name and id so paging is stable (see docs/decisions.md for
 * the choice between the spec's two readings).
 */
export const PRACTICE_LIST_ORDER_BY = [
  { current_accreditation: { effective_expiry_date: 'asc_nulls_last' } },
  { organisation: { name: 'asc' } },
  { organisation_id: 'asc' },
] as const;

/** limit and offset of a 1-based page. */
export function practiceListPage(page: number, pageSize = PRACTICE_LIST_PAGE_SIZE) {
  return { limit: pageSize, offset: (Math.max(1, Math.floor(page)) - 1) * pageSize };
}

/**
 * The variables of the list's one request (`GetPracticeList`) for `query`, as `userId` sees it on
 * `today`: the page's rows, the total, and the networks of every practice the user may see. The
 * screen and the load benchmark send the same.
 */
export function practiceListVariables(query: PracticeListQuery, userId: number, today: string) {
  return {
    where: practiceListWhere(query, today),
    networksWhere: {
      _and: [
        practiceListWhere({ search: '', filters: [], state: null, network: null }, today),
        { network_id: { _is_null: false } },
      ],
    },
    orderBy: [...PRACTICE_LIST_ORDER_BY],
    ...practiceListPage(query.page),
    userId,
    today,
  };
}
