import { containsPattern } from '../constants/search-pattern.ts';
import {
  EMPLOYMENT_TYPES,
  FTE_BANDS,
  STAFF_OPTION_LABELS,
  STAFF_TITLES,
  STAFF_TYPES,
} from './staff-options.ts';

/** The search box's field selector (spec 000 §2); first name is the default. */
export const STAFF_SEARCH_FIELDS = [
  { value: 'employment_type', label: 'Employment' },
  { value: 'email', label: 'Email' },
  { value: 'first_name', label: 'First name' },
  { value: 'last_name', label: 'Last name' },
  { value: 'fte_band', label: 'FTE band' },
  { value: 'title', label: 'Title' },
  { value: 'type', label: 'Type' },
] as const;
export type TStaffSearchField = (typeof STAFF_SEARCH_FIELDS)[number]['value'];
export const DEFAULT_STAFF_SEARCH_FIELD: TStaffSearchField = 'first_name';

/** The extra filter values (spec 000 §2): by type and by engagement. */
export const STAFF_TYPE_FILTERS = ['any', 'gp', 'non_gp'] as const;
export type TStaffTypeFilter = (typeof STAFF_TYPE_FILTERS)[number];
export const STAFF_EMPLOYMENT_FILTERS = ['any', 'full_time', 'contract'] as const;
export type TStaffEmploymentFilter = (typeof STAFF_EMPLOYMENT_FILTERS)[number];
export const STAFF_FILTER_LABELS: Record<TStaffTypeFilter | TStaffEmploymentFilter, string> = {
  any: 'Any',
  gp: 'GP',
  non_gp: 'Non GP',
  full_time: 'Full time',
  contract: 'Contract',
};

/** The search fields that are choice lists (GraphQL enums), with their values. */
const ENUM_FIELDS: Partial<Record<TStaffSearchField, readonly string[]>> = {
  employment_type: EMPLOYMENT_TYPES,
  fte_band: FTE_BANDS,
  title: STAFF_TITLES,
  type: STAFF_TYPES,
};

/**
 * The `practice_staff_bool_exp` of the staff table's search and filters: archived rows never
 * show. Text fields match case-insensitively anywhere; choice fields (GraphQL enums, which have
 * no _ilike) match the values whose label or value contains the text. full_time is the top FTE
 * band (0.75 to 1), contract the CONTRACTOR employment type.
 */
export function staffWhere(options: {
  practiceId: number;
  search?: string;
  field?: TStaffSearchField;
  type?: TStaffTypeFilter;
  employment?: TStaffEmploymentFilter;
}): Record<string, unknown> {
  const and: Record<string, unknown>[] = [
    { practice_id: { _eq: options.practiceId } },
    { archived: { _eq: false } },
  ];
  const search = options.search?.trim() ?? '';
  const field = options.field ?? DEFAULT_STAFF_SEARCH_FIELD;
  if (search) {
    const values = ENUM_FIELDS[field];
    if (values) {
      const needle = search.toLowerCase();
      const matching = values.filter(
        (v) =>
          v.toLowerCase().includes(needle) || (STAFF_OPTION_LABELS[v] ?? '').toLowerCase().includes(needle),
      );
      and.push({ [field]: { _in: matching } });
    } else {
      and.push({ [field]: { _ilike: containsPattern(search) } });
    }
  }
  if (options.type === 'gp') and.push({ type: { _eq: 'gp' } });
  if (options.type === 'non_gp') and.push({ type: { _neq: 'gp' } });
  if (options.employment === 'full_time') and.push({ fte_band: { _eq: 'FTE_75_100' } });
  if (options.employment === 'contract') and.push({ employment_type: { _eq: 'CONTRACTOR' } });
  return { _and: and };
}
