import { addYearsToWireDate } from '../constants/dates.ts';
import { PRACTICE_LIST_PAGE_SIZE } from '../constants/limits.ts';
import { containsPattern } from '../constants/search-pattern.ts';

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

function param(params: Params, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the list state from the query string (unknown or malformed values are ignored). */
export function parsePracticeListQuery(params: Params): PracticeListQuery {
  const page = Number.parseInt(param(params, 'page') ?? '1', 10);
  return {
    search: (param(params, 'search') ?? '').slice(0, 200),
    filters: PRACTICE_LIST_FILTERS.map((f) => f.flag).filter(
      (flag) => param(params, flag) === FILTER_FLAG_VALUE,
    ),
    state: param(params, 'state') || null,
    network: param(params, 'network') || null,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
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
