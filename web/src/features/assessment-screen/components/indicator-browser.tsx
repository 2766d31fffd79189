import { Accordion, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  ASSESSMENT_MESSAGES,
  assessmentPath,
  indicatorFilterCounts,
  isAnswered,
  matchesIndicatorFilter,
} from '@portal/domain';
import { memo, useSyncExternalStore } from 'react';
import type {
  ResponseStore,
  TAssessmentAccess,
  TAssessmentData,
  TIndicator,
  TIndicatorSet,
} from '../../assessments/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { useIndicatorFilter } from '../hooks/use-indicator-filter.ts';
import type { TLocksByResponse } from '../hooks/use-indicator-locks.ts';
import { useIndicatorNavigation } from '../hooks/use-indicator-navigation.ts';
import { indicatorColour, indicatorStateLabel } from '../model/indicator-colour.ts';
import { EditionFlagBadge, editionFlagOf } from './edition-flags.tsx';
import { IndicatorFilters } from './indicator-filters.tsx';
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
  const filters = useIndicatorFilter(assessment, access);
  const { filter, nc } = filters;
  const navigation = useIndicatorNavigation(assessmentPath(practiceId, assessment.id));
  const { openSets } = navigation;

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
              onIndicatorsChange={navigation.onIndicatorsChange}
              lockNameOf={lockNameOf}
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
 * it is open, its indicators the filter shows.
 */
function IndicatorSetItem({
  assessment,
  set,
  inSet,
  access,
  store,
  open,
  openIndicators,
  onIndicatorsChange,
  lockNameOf,
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
  lockNameOf(responseId: number | undefined): string | null;
  onDocumentsChanged(): void;
}) {
  const ids = set.indicators.map((i) => i.id);
  const done = ids.filter((id) => isAnswered(assessment.type, store.shown(id))).length;
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
            <EditionFlagBadge flag={editionFlagOf(store.entry(indicator.id)?.saved)} />
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
