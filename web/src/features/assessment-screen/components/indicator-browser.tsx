import {
  Accordion,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  ASSESSMENT_MESSAGES,
  ASSESSMENT_OPEN_ALL_DELAY_MS,
  ASSESSMENT_SCROLL_INTO_VIEW_DELAY_MS,
  INDICATOR_FILTER_LABELS,
  indicatorFilterCounts,
  isAnswered,
  matchesIndicatorFilter,
  NON_CONFORMITY_FILTER_LABELS,
  NON_CONFORMITY_FILTERS,
  parseIndicatorFilter,
  showsNonConformityFilter,
  type TNonConformityFilter,
  visibleIndicatorFilters,
} from '@portal/domain';
import { memo, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePracticeContext } from '../../practices/index.ts';
import type { ResponseStore, TAssessmentAccess, TAssessmentData, TIndicator, TIndicatorSet } from '../../assessments/index.ts';
import type { TLocksByResponse } from '../hooks/use-assessment-screen.ts';
import { indicatorColour, indicatorStateLabel } from '../model/indicator-colour.ts';
import { IndicatorPanel } from './indicator-panel.tsx';
import { SaveState } from './save-state.tsx';

/** Room for the app's fixed header above an indicator scrolled into view. */
const SCROLL_MARGIN = { scrollMarginTop: 80 };

/**
 * Filter tabs with counts, collapsible indicator sets with open all and close all, and the
 * indicators (spec 001 §2). The address follows the expanded set and indicator, and the tab
 * (`?filter=`), so a reload or a shared link opens the same place.
 */
export function IndicatorBrowser({
  assessment,
  sets,
  access,
  store,
  locks,
  onDocumentsChanged,
}: {
  assessment: TAssessmentData;
  sets: readonly TIndicatorSet[];
  access: TAssessmentAccess;
  store: ResponseStore;
  locks: TLocksByResponse;
  onDocumentsChanged(): void;
}) {
  const { practiceId } = usePracticeContext();
  const params = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const base = `/PracticeOverview/${practiceId}/Accreditation/Assessment/${assessment.id}`;
  const visible = visibleIndicatorFilters(assessment.type, assessment.status);
  const filter = parseIndicatorFilter(search.get('filter'), visible);
  const subFilterShown = showsNonConformityFilter(
    filter,
    assessment.status,
    access.isProviderAdmin || access.flags.assessment.changeSurveyUnderReview,
  );
  const nc = (subFilterShown ? search.get('nc') : null) as TNonConformityFilter | null;

  const lockNameOf = (responseId: number | undefined) =>
    responseId !== undefined ? (locks.get(responseId)?.name ?? null) : null;
  const indicators = sets.flatMap((s) => s.indicators);
  const shownResponses = indicators.map((i) => store.shown(i.id));
  const counts = indicatorFilterCounts(assessment.type, shownResponses);
  const setsShown = sets
    .map((set) => ({
      set,
      indicators: set.indicators.filter((i) =>
        matchesIndicatorFilter(assessment.type, store.shown(i.id), filter, nc),
      ),
    }))
    .filter((entry) => entry.indicators.length > 0);

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
  // A deep link scrolls to its indicator once the screen shows it (spec 001 §9: after 500 ms),
  // unless the person has already started: a click, a key, a scroll of theirs in the meantime
  // cancels it (the page moving under a click would land it on another indicator).
  const deepLink = useRef(params.indicatorId ?? params.indicatorSetId ?? null);
  useEffect(() => {
    const target = deepLink.current;
    if (!target) return;
    const elementId = params.indicatorId ? `indicator-${target}` : `indicator-set-${target}`;
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
  }, [params.indicatorId]);

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
  const openOrCloseAll = (open: boolean) => {
    const ids = setsShown.map((s) => String(s.set.id));
    window.clearTimeout(allTimer.current);
    allTimer.current = window.setTimeout(() => {
      if (open) setOpenSets(ids);
      else {
        setOpenSets([]);
        setOpenIndicators([]);
        go();
      }
    }, ASSESSMENT_OPEN_ALL_DELAY_MS);
  };

  const setFilter = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (!value || value === 'ALL') next.delete('filter');
    else next.set('filter', value);
    next.delete('nc');
    setSearch(next, { replace: true });
  };

  return (
    <Stack gap="sm" component="section" aria-label="Indicators">
      <Tabs value={filter} onChange={setFilter} variant="pills" radius="xl">
        <Tabs.List aria-label="Filter indicators">
          {visible.map((value) => (
            <Tabs.Tab key={value} value={value} fz="sm">
              {INDICATOR_FILTER_LABELS[value]}
              <Badge ml={6} size="sm" variant={filter === value ? 'white' : 'light'} color="gray" radius="sm">
                {counts[value]}
              </Badge>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {subFilterShown ? (
        <SegmentedControl
          aria-label="Filter non-conformities"
          value={nc ?? 'ALL'}
          onChange={(value) => {
            const next = new URLSearchParams(search);
            if (value === 'ALL') next.delete('nc');
            else next.set('nc', value);
            setSearch(next, { replace: true });
          }}
          data={[
            { value: 'ALL', label: 'All' },
            ...NON_CONFORMITY_FILTERS.map((v) => ({ value: v, label: NON_CONFORMITY_FILTER_LABELS[v] })),
          ]}
        />
      ) : null}
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {setsShown.reduce((n, s) => n + s.indicators.length, 0)} of {indicators.length} indicators
        </Text>
        <Group gap="xs">
          <Button variant="subtle" size="compact-sm" onClick={() => openOrCloseAll(true)}>
            Open all
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={() => openOrCloseAll(false)}>
            Close all
          </Button>
        </Group>
      </Group>
      {setsShown.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {ASSESSMENT_MESSAGES.noIndicators}
        </Text>
      ) : (
        <Accordion
          multiple
          value={openSets}
          onChange={onSetsChange}
          variant="separated"
          radius="md"
          chevronPosition="right"
        >
          {setsShown.map(({ set, indicators: inSet }) => {
            const ids = set.indicators.map((i) => i.id);
            const done = ids.filter((id) => isAnswered(assessment.type, store.shown(id))).length;
            const inSetIds = inSet.map((i) => String(i.id));
            return (
              <Accordion.Item
                key={set.id}
                value={String(set.id)}
                id={`indicator-set-${set.id}`}
                style={SCROLL_MARGIN}
              >
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" gap="sm" pr="xs">
                    <Text fw={600} fz="sm">
                      {set.full_code} {set.name}
                    </Text>
                    <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {done} of {ids.length} complete
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {openSets.includes(String(set.id)) ? (
                    <Accordion
                      multiple
                      value={openIndicators.filter((id) => inSetIds.includes(id))}
                      onChange={(next) => onIndicatorsChange(String(set.id), inSetIds, next)}
                      variant="contained"
                      radius="md"
                    >
                      {inSet.map((indicator) => (
                        <IndicatorItem
                          key={indicator.id}
                          assessment={assessment}
                          indicator={indicator}
                          access={access}
                          store={store}
                          lockedBy={lockNameOf(store.responseId(indicator.id))}
                          open={openIndicators.includes(String(indicator.id))}
                          onDocumentsChanged={onDocumentsChanged}
                        />
                      ))}
                    </Accordion>
                  ) : null}
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Stack>
  );
}

/**
 * One indicator of an open set: its header (code coloured by the answer, name, who is editing it,
 * its saving state) and, when expanded, its panel. It follows its own entry of the response store,
 * so typing in one indicator re-renders that indicator only; the list around it re-renders when
 * the outline (answers, counts) changes.
 */
const IndicatorItem = memo(function IndicatorItem({
  assessment,
  indicator,
  access,
  store,
  lockedBy,
  open,
  onDocumentsChanged,
}: {
  assessment: TAssessmentData;
  indicator: TIndicator;
  access: TAssessmentAccess;
  store: ResponseStore;
  lockedBy: string | null;
  open: boolean;
  onDocumentsChanged(): void;
}) {
  useSyncExternalStore(store.subscribe, () => store.entryVersion(indicator.id));
  const response = store.shown(indicator.id);
  return (
    <Accordion.Item value={String(indicator.id)} id={`indicator-${indicator.id}`} style={SCROLL_MARGIN}>
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap" justify="space-between" pr="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Badge
              color={indicatorColour(assessment.type, response)}
              variant="filled"
              radius="sm"
              style={{ flexShrink: 0 }}
            >
              {indicator.code}
            </Badge>
            <Text fz="sm" lineClamp={2}>
              {indicator.name}
            </Text>
            <VisuallyHidden>{indicatorStateLabel(assessment.type, response)}</VisuallyHidden>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {lockedBy ? (
              <Badge variant="light" color="grape" radius="sm" tt="none">
                {ASSESSMENT_MESSAGES.editingBy(lockedBy)}
              </Badge>
            ) : null}
            <SaveState state={store.entry(indicator.id)?.state ?? 'idle'} />
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        {open ? (
          <IndicatorPanel
            assessment={assessment}
            indicator={indicator}
            access={access}
            store={store}
            lockedBy={lockedBy}
            onDocumentsChanged={onDocumentsChanged}
          />
        ) : null}
      </Accordion.Panel>
    </Accordion.Item>
  );
});
