/**
 * Which indicator sets and indicators of the assessment screen are open, in step with the address
 * (…/Assessment/:assessmentId/:indicatorSetId?/:indicatorId?, spec 001 §2, §9): what the address
 * names opens (also when a link changes it), opening one names it, a deep link scrolls to it,
 * and Open all / Close all act after the spec's delay.
 */
import { ASSESSMENT_OPEN_ALL_DELAY_MS, ASSESSMENT_SCROLL_INTO_VIEW_DELAY_MS } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';

/**
 * A deep link scrolls to its indicator (or set) once the screen shows it (spec 001 §9: after
 * 500 ms), unless the person has already started: a click, a key, a scroll of theirs in the
 * meantime cancels it (the page moving under a click would land it on another indicator).
 */
function useDeepLinkScroll(indicatorId: string | undefined, indicatorSetId: string | undefined) {
  const deepLink = useRef(indicatorId ?? indicatorSetId ?? null);
  useEffect(() => {
    const target = deepLink.current;
    if (!target) return;
    const elementId = indicatorId ? `indicator-${target}` : `indicator-set-${target}`;
    const inputs = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    const stop = () => {
      window.clearTimeout(timer);
      for (const type of inputs) window.removeEventListener(type, cancel, true);
    };
    const cancel = () => {
      deepLink.current = null;
      stop();
    };
    // Forgotten only once done, so a remount (React's strict mode runs effects twice) still scrolls.
    const timer = window.setTimeout(() => {
      deepLink.current = null;
      stop();
      document.getElementById(elementId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, ASSESSMENT_SCROLL_INTO_VIEW_DELAY_MS);
    for (const type of inputs) window.addEventListener(type, cancel, { capture: true, passive: true });
    return stop;
  }, [indicatorId]);
}

/** The open sets and indicators of the screen whose address starts with `base`. */
export function useIndicatorNavigation(base: string) {
  const params = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [openSets, setOpenSets] = useState<string[]>(() =>
    params.indicatorSetId ? [params.indicatorSetId] : [],
  );
  const [openIndicators, setOpenIndicators] = useState<string[]>(() =>
    params.indicatorId ? [params.indicatorId] : [],
  );
  // The address can change from outside (a link of the validation modal): what it names opens.
  const linkedSet = params.indicatorSetId;
  const linkedIndicator = params.indicatorId;
  useEffect(() => {
    const indicatorSetId = linkedSet;
    const indicatorId = linkedIndicator;
    if (indicatorSetId) setOpenSets((now) => (now.includes(indicatorSetId) ? now : [...now, indicatorSetId]));
    if (indicatorId) setOpenIndicators((now) => (now.includes(indicatorId) ? now : [...now, indicatorId]));
  }, [linkedSet, linkedIndicator]);
  useDeepLinkScroll(params.indicatorId, params.indicatorSetId);

  const go = (setId?: string, indicatorId?: string) => {
    const path = [base, setId, setId ? indicatorId : undefined].filter(Boolean).join('/');
    navigate({ pathname: path, search: search.toString() ? `?${search}` : '' }, { replace: true });
  };
  const onSetsChange = (next: string[]) => {
    const added = next.find((id) => !openSets.includes(id));
    setOpenSets(next);
    if (added) go(added);
    else if (params.indicatorSetId && !next.includes(params.indicatorSetId)) go(next.at(-1));
  };
  const onIndicatorsChange = (setId: string, inSet: readonly string[], next: string[]) => {
    const others = openIndicators.filter((id) => !inSet.includes(id));
    const added = next.find((id) => !openIndicators.includes(id));
    setOpenIndicators([...others, ...next]);
    if (added) go(setId, added);
    else if (params.indicatorId && inSet.includes(params.indicatorId) && !next.includes(params.indicatorId))
      go(setId);
  };
  // Open all and close all act after the spec's 250 ms, on the sets shown at the time of the click.
  const allTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(allTimer.current), []);
  const openOrCloseAll = (open: boolean, shownSetIds: string[]) => {
    window.clearTimeout(allTimer.current);
    allTimer.current = window.setTimeout(() => {
      if (open) setOpenSets(shownSetIds);
      else {
        setOpenSets([]);
        setOpenIndicators([]);
        go();
      }
    }, ASSESSMENT_OPEN_ALL_DELAY_MS);
  };
  return { openSets, openIndicators, onSetsChange, onIndicatorsChange, openOrCloseAll };
}
