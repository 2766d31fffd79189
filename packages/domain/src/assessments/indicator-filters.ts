import type { TAssessmentStatus, TAssessmentType } from '../permissions/assessment-access.ts';
import { isAnswered, type TIndicatorResponseFields } from './indicator-response.ts';

/** The assessment screen's filter tabs (spec 001 §2), in order. */
export const INDICATOR_FILTERS = [
  'ALL',
  'MET',
  'NOT_MET',
  'NOT_APPLICABLE',
  'ACTION_REQUIRED',
  'COMPLETE',
  'INCOMPLETE',
  'REVIEWED',
  'UNREVIEWED',
] as const;
export type TIndicatorFilter = (typeof INDICATOR_FILTERS)[number];

export const INDICATOR_FILTER_LABELS: Record<TIndicatorFilter, string> = {
  ALL: 'All',
  MET: 'Met',
  NOT_MET: 'Not met',
  NOT_APPLICABLE: 'N/A',
  ACTION_REQUIRED: 'Further action required',
  COMPLETE: 'Marked complete',
  INCOMPLETE: 'Incomplete',
  REVIEWED: 'Reviewed',
  UNREVIEWED: 'Unreviewed',
};

/** The admin sub-filter of Not met while action is required (spec 001 §2). */
export const NON_CONFORMITY_FILTERS = ['OPEN', 'CLOSED', 'REFER'] as const;
export type TNonConformityFilter = (typeof NON_CONFORMITY_FILTERS)[number];
export const NON_CONFORMITY_FILTER_LABELS: Record<TNonConformityFilter, string> = {
  OPEN: 'Open',
  CLOSED: 'Closed',
  REFER: 'Refer to CA',
};

/**
 * The tabs a screen shows (spec 001 §2): N/A is hidden while action is required; Further action
 * required, Reviewed and Unreviewed show only for COMPLETED or UNDER_REVIEW. Ours: a self
 * assessment has no Met or Not met (its choices are Mark complete and Not applicable), so those
 * two tabs, which could only ever count 0, are not shown on it.
 */
export function visibleIndicatorFilters(
  type: TAssessmentType,
  status: TAssessmentStatus,
): TIndicatorFilter[] {
  const reviewing = status === 'COMPLETED' || status === 'UNDER_REVIEW';
  return INDICATOR_FILTERS.filter((filter) => {
    switch (filter) {
      case 'MET':
      case 'NOT_MET':
        return type === 'SURVEY_VISIT';
      case 'NOT_APPLICABLE':
        return status !== 'ACTION_REQUIRED';
      case 'ACTION_REQUIRED':
      case 'REVIEWED':
      case 'UNREVIEWED':
        return reviewing;
      default:
        return true;
    }
  });
}

/** The sub-filter shows only while the Not met tab is active and action is required, for the back office. */
export function showsNonConformityFilter(
  filter: TIndicatorFilter,
  status: TAssessmentStatus,
  isBackOffice: boolean,
): boolean {
  return isBackOffice && filter === 'NOT_MET' && status === 'ACTION_REQUIRED';
}

/** Does a response belong under a tab (and sub-filter)? An indicator never answered is a blank response. */
export function matchesIndicatorFilter(
  type: TAssessmentType,
  response: TIndicatorResponseFields,
  filter: TIndicatorFilter,
  nonConformity: TNonConformityFilter | null = null,
): boolean {
  switch (filter) {
    case 'ALL':
      return true;
    case 'MET':
      return response.compliance === 'MET';
    case 'NOT_MET':
      if (response.compliance !== 'NOT_MET') return false;
      if (nonConformity === 'REFER') return response.refer_to_ca;
      if (nonConformity === 'OPEN') return response.non_conformity_status === 'OPEN' && !response.refer_to_ca;
      if (nonConformity === 'CLOSED') return response.non_conformity_status === 'CLOSED';
      return true;
    case 'NOT_APPLICABLE':
      return response.compliance === 'NOT_APPLICABLE';
    case 'ACTION_REQUIRED':
      return response.further_action_required;
    case 'COMPLETE':
      return response.is_marked_complete;
    case 'INCOMPLETE':
      return !isAnswered(type, response);
    case 'REVIEWED':
      return response.reviewed;
    case 'UNREVIEWED':
      return !response.reviewed;
  }
}

/** How many responses each tab holds. */
export function indicatorFilterCounts(
  type: TAssessmentType,
  responses: readonly TIndicatorResponseFields[],
): Record<TIndicatorFilter, number> {
  const counts = Object.fromEntries(INDICATOR_FILTERS.map((f) => [f, 0])) as Record<TIndicatorFilter, number>;
  for (const response of responses) {
    for (const filter of INDICATOR_FILTERS) {
      if (matchesIndicatorFilter(type, response, filter)) counts[filter] += 1;
    }
  }
  return counts;
}

/** Reads a filter from the address (`?filter=`), falling back to ALL for anything unknown or hidden. */
export function parseIndicatorFilter(
  raw: string | null | undefined,
  visible: readonly TIndicatorFilter[],
): TIndicatorFilter {
  const value = (raw ?? '').toUpperCase() as TIndicatorFilter;
  return visible.includes(value) ? value : 'ALL';
}
