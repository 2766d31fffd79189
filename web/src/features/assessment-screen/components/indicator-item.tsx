import { Accordion, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { ASSESSMENT_MESSAGES } from '@portal/domain';
import { memo } from 'react';
import {
  type ResponseStore,
  sameFields,
  type TAssessmentAccess,
  type TAssessmentData,
  type TIndicator,
  useResponseSelector,
} from '../../assessments/index.ts';
import type { TLocksByResponse } from '../hooks/use-indicator-locks.ts';
import { indicatorColour, indicatorStateLabel } from '../model/indicator-colour.ts';
import { EditionFlagBadge, editionFlagOf } from './edition-flags.tsx';
import { IndicatorPanel } from './indicator-panel.tsx';
import { SaveState } from './save-state.tsx';

/** Room for the app's fixed header above an indicator scrolled into view. */
export const SCROLL_MARGIN = { scrollMarginTop: 80 };

/**
 * One indicator of an open set: its header (code coloured by the answer, name, who is editing it,
 * its saving state) and, when expanded, its panel. The header follows only what it shows of the
 * indicator's entry (its colour, flag and saving state), the panel its own parts, so a keystroke
 * in one indicator's text re-renders that text (and the saving state once it changes).
 */
export const IndicatorItem = memo(function IndicatorItem({
  assessment,
  indicator,
  access,
  store,
  locks,
  open,
  onDocumentsChanged,
}: {
  assessment: TAssessmentData;
  indicator: TIndicator;
  access: TAssessmentAccess;
  store: ResponseStore;
  /** The others' locks; who is editing this indicator is read from them. */
  locks: TLocksByResponse;
  open: boolean;
  onDocumentsChanged(): void;
}) {
  const id = indicator.id;
  const header = useResponseSelector(
    store,
    () => {
      const response = store.shown(id);
      const entry = store.entry(id);
      return {
        colour: indicatorColour(assessment.type, response),
        label: indicatorStateLabel(assessment.type, response),
        flag: editionFlagOf(entry?.saved),
        state: entry?.state ?? 'idle',
        responseId: entry?.saved?.id,
      };
    },
    sameFields,
  );
  const lockedBy = header.responseId !== undefined ? (locks.get(header.responseId)?.name ?? null) : null;
  return (
    <Accordion.Item value={String(id)} id={`indicator-${id}`} style={SCROLL_MARGIN}>
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap" justify="space-between" pr="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Badge color={header.colour} variant="filled" radius="sm" style={{ flexShrink: 0 }}>
              {indicator.code}
            </Badge>
            <Text fz="sm" lineClamp={2}>
              {indicator.name}
            </Text>
            <VisuallyHidden>{header.label}</VisuallyHidden>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <EditionFlagBadge flag={header.flag} />
            {lockedBy ? (
              <Badge variant="light" color="grape" radius="sm" tt="none">
                {ASSESSMENT_MESSAGES.editingBy(lockedBy)}
              </Badge>
            ) : null}
            <SaveState state={header.state} />
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
