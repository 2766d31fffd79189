import { Accordion, Button, Group, Stack, Text } from '@mantine/core';
import {
  ASSESSMENT_MESSAGES,
  assessmentPath,
  indicatorFilterCounts,
  isAnswered,
  matchesIndicatorFilter,
} from '@portal/domain';
import { memo, useCallback, useMemo, useRef } from 'react';
import {
  type ResponseStore,
  sameFields,
  sameList,
  type TAssessmentAccess,
  type TAssessmentData,
  type TIndicator,
  type TIndicatorSet,
  useResponseSelector,
} from '../../assessments/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { useIndicatorFilter } from '../hooks/use-indicator-filter.ts';
import type { TLocksByResponse } from '../hooks/use-indicator-locks.ts';
import { useIndicatorNavigation } from '../hooks/use-indicator-navigation.ts';
import { IndicatorFilters } from './indicator-filters.tsx';
import { IndicatorItem, SCROLL_MARGIN } from './indicator-item.tsx';

/**
 * Filter tabs with counts, collapsible indicator sets with open all and close all, and the
 * indicators (spec 001 §2). The address follows the expanded set and indicator, and the tab
 * (`?filter=`), so a reload or a shared link opens the same place. The counts and which
 * indicators the filter shows follow the response store: the list renders again only when they
 * change (not while text is typed), each set's header when its count does.
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
  const filters = useIndicatorFilter(assessment, access);
  const { filter, nc } = filters;
  const navigation = useIndicatorNavigation(assessmentPath(practiceId, assessment.id));
  const { openSets } = navigation;
  // The sets' items keep their props while only the navigation's handlers are new.
  const navigationRef = useRef(navigation);
  navigationRef.current = navigation;
  const onIndicatorsChange = useCallback(
    (setId: string, inSet: readonly string[], next: string[]) =>
      navigationRef.current.onIndicatorsChange(setId, inSet, next),
    [],
  );

  const type = assessment.type;
  const indicators = useMemo(() => sets.flatMap((s) => s.indicators), [sets]);
  const counts = useResponseSelector(
    store,
    () =>
      indicatorFilterCounts(
        type,
        indicators.map((i) => store.shown(i.id)),
      ),
    sameFields,
    store.getOutlineVersion,
  );
  const shownIds = useResponseSelector(
    store,
    () =>
      indicators.filter((i) => matchesIndicatorFilter(type, store.shown(i.id), filter, nc)).map((i) => i.id),
    sameList,
    store.getOutlineVersion,
  );
  const setsShown = useMemo(() => {
    const shown = new Set(shownIds);
    return sets
      .map((set) => ({ set, indicators: set.indicators.filter((i) => shown.has(i.id)) }))
      .filter((entry) => entry.indicators.length > 0);
  }, [sets, shownIds]);
  const openOrCloseAll = (open: boolean) =>
    navigation.openOrCloseAll(
      open,
      setsShown.map((s) => String(s.set.id)),
    );

  return (
    <Stack gap="sm" component="section" aria-label="Indicators">
      <IndicatorFilters filters={filters} counts={counts} />
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {shownIds.length} of {indicators.length} indicators
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
          onChange={navigation.onSetsChange}
          variant="separated"
          radius="md"
          chevronPosition="right"
        >
          {setsShown.map(({ set, indicators: inSet }) => (
            <IndicatorSetItem
              key={set.id}
              assessment={assessment}
              set={set}
              inSet={inSet}
              access={access}
              store={store}
              open={openSets.includes(String(set.id))}
              openIndicators={navigation.openIndicators}
              onIndicatorsChange={onIndicatorsChange}
              locks={locks}
              onDocumentsChanged={onDocumentsChanged}
            />
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

/**
 * One indicator set: its header (code, name, how many of its indicators are answered) and, while
 * it is open, its indicators the filter shows. It renders again when its count changes.
 */
const IndicatorSetItem = memo(function IndicatorSetItem({
  assessment,
  set,
  inSet,
  access,
  store,
  open,
  openIndicators,
  onIndicatorsChange,
  locks,
  onDocumentsChanged,
}: {
  assessment: TAssessmentData;
  set: TIndicatorSet;
  /** The set's indicators the filter shows. */
  inSet: readonly TIndicator[];
  access: TAssessmentAccess;
  store: ResponseStore;
  open: boolean;
  openIndicators: readonly string[];
  onIndicatorsChange(setId: string, inSet: readonly string[], next: string[]): void;
  locks: TLocksByResponse;
  onDocumentsChanged(): void;
}) {
  const ids = set.indicators.map((i) => i.id);
  const done = useResponseSelector(
    store,
    () => ids.filter((id) => isAnswered(assessment.type, store.shown(id))).length,
    Object.is,
    store.getOutlineVersion,
  );
  const inSetIds = inSet.map((i) => String(i.id));
  return (
    <Accordion.Item value={String(set.id)} id={`indicator-set-${set.id}`} style={SCROLL_MARGIN}>
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
        {open ? (
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
                locks={locks}
                open={openIndicators.includes(String(indicator.id))}
                onDocumentsChanged={onDocumentsChanged}
              />
            ))}
          </Accordion>
        ) : null}
      </Accordion.Panel>
    </Accordion.Item>
  );
});
