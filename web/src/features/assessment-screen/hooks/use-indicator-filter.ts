/**
 * The filter of the assessment screen's indicators, kept in the address (spec 001 §2): the tab
 * (`?filter=`, only those the assessment's type and status show) and, where the reviewers see it,
 * the non-conformity filter (`?nc=`).
 */
import {
  parseIndicatorFilter,
  showsNonConformityFilter,
  type TNonConformityFilter,
  visibleIndicatorFilters,
} from '@portal/domain';
import { useSearchParams } from 'react-router';
import type { TAssessmentAccess, TAssessmentData } from '../../assessments/index.ts';

export type TIndicatorFilterState = ReturnType<typeof useIndicatorFilter>;

export function useIndicatorFilter(assessment: TAssessmentData, access: TAssessmentAccess) {
  const [search, setSearch] = useSearchParams();
  const visible = visibleIndicatorFilters(assessment.type, assessment.status);
  const filter = parseIndicatorFilter(search.get('filter'), visible);
  const subFilterShown = showsNonConformityFilter(
    filter,
    assessment.status,
    access.isProviderAdmin || access.flags.assessment.changeSurveyUnderReview,
  );
  const nc = (subFilterShown ? search.get('nc') : null) as TNonConformityFilter | null;

  /** Another tab: the non-conformity filter starts again. */
  const setFilter = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (!value || value === 'ALL') next.delete('filter');
    else next.set('filter', value);
    next.delete('nc');
    setSearch(next, { replace: true });
  };
  const setNc = (value: string) => {
    const next = new URLSearchParams(search);
    if (value === 'ALL') next.delete('nc');
    else next.set('nc', value);
    setSearch(next, { replace: true });
  };
  return { visible, filter, subFilterShown, nc, setFilter, setNc };
}
