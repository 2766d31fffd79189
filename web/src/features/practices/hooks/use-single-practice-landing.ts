import { hasPracticeListCriteria, type PracticeListQuery, singlePracticeLanding } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { practiceOpenerOf, type TListViewer, type TPracticeListItem } from '../model/practice-row.ts';

/**
 * The practice list's single-practice redirect (spec 000 §2): exactly one practice in the whole
 * (unfiltered) list sends the user straight to it, or to payment when they may pay; a row locked
 * for the user keeps them on the list. Asked once, when the first unfiltered page has settled.
 */
export function useSinglePracticeLanding(
  list: { settled: boolean; total: number; practices: readonly TPracticeListItem[] },
  query: PracticeListQuery,
  viewer: TListViewer,
  pay: (practiceId: number) => Promise<unknown>,
) {
  const navigate = useNavigate();
  const landed = useRef(false);
  useEffect(() => {
    if (landed.current || !list.settled || hasPracticeListCriteria(query) || query.page !== 1) return;
    landed.current = true;
    const only = list.total === 1 ? list.practices[0] : undefined;
    const landing = only ? singlePracticeLanding([only], practiceOpenerOf(only, viewer)) : null;
    if (landing?.kind === 'staff') navigate(landing.path, { replace: true });
    else if (landing?.kind === 'payment') void pay(landing.practiceId);
  }, [list.settled, list.total, list.practices, query, viewer, navigate, pay]);
}
