import { Accordion, Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import { IndicatorChecklists, IndicatorResources } from '../../assessments/index.ts';
import type { GetEditionPreviewQuery } from '../api/get-edition-preview.ts';
import classes from './edition-preview.module.css';

type TPreviewEdition = NonNullable<ResultOf<typeof GetEditionPreviewQuery>['survey_versions_by_pk']>;
type TPreviewSet = TPreviewEdition['indicator_sets'][number];
type TPreviewIndicator = TPreviewSet['indicators'][number];

/** No ticks in a preview: its checklists are read only. */
const NO_TICKS = {};
const noTick = () => {};

/** Who a resource is shown to besides admins, in words. */
function audience(resource: TPreviewIndicator['indicator_resources'][number]): string {
  if (resource.for_pm && resource.for_surveyor) return 'practice managers and surveyors';
  if (resource.for_pm) return 'practice managers';
  if (resource.for_surveyor) return 'surveyors';
  return 'provider admins only';
}

/** What the assessment screen shows of an indicator, read only, and its marks in the edition. */
function IndicatorPreview({ indicator }: { indicator: TPreviewIndicator }) {
  const facts = [
    indicator.criterion_code ? `Criterion ${indicator.criterion_code}` : null,
    indicator.mandatory ? 'Mandatory' : 'Not mandatory',
    indicator.flagged ? 'Flagged' : null,
    indicator.evidence_lookback_months
      ? `Evidence no older than ${indicator.evidence_lookback_months} months`
      : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Stack gap="md" pt="xs" className={classes.readable}>
      <Text fz="sm" c="dimmed">
        {facts.join(' · ')}
      </Text>
      {indicator.description ? (
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {indicator.description}
        </Text>
      ) : null}
      {indicator.checklists.length > 0 ? (
        <IndicatorChecklists indicator={indicator} checklists={NO_TICKS} editable={false} onTick={noTick} />
      ) : (
        <Text fz="sm" c="dimmed">
          No checklist questions for this indicator.
        </Text>
      )}
      <Divider />
      <Title order={4} fz="sm">
        Resources
      </Title>
      <IndicatorResources resources={indicator.indicator_resources} />
      {indicator.indicator_resources.length > 0 ? (
        <Stack
          gap={2}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Who sees each resource"
        >
          {indicator.indicator_resources.map((resource) => (
            <Text key={resource.id} component="li" fz="xs" c="dimmed">
              {resource.name}: shown to {audience(resource)}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * The edition's sets as the assessment screen shows them (collapsible sets holding collapsible
 * indicators, Open all and Close all), read only: an indicator's code, name, description,
 * checklist questions with their items and must-haves, and resources, with the assessment
 * screen's own components. Modules are marked as such. Each panel is drawn only while open.
 */
export function EditionPreviewSets({ sets }: { sets: readonly TPreviewSet[] }) {
  const [openSets, setOpenSets] = useState<string[]>(() => (sets[0] ? [String(sets[0].id)] : []));
  const [openIndicators, setOpenIndicators] = useState<string[]>([]);
  const total = sets.reduce((n, set) => n + set.indicators.length, 0);
  return (
    <Stack gap="sm" component="section" aria-label="Standards of the edition">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {sets.length} set{sets.length === 1 ? '' : 's'}, {total} indicator{total === 1 ? '' : 's'}
        </Text>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setOpenSets(sets.map((set) => String(set.id)));
              setOpenIndicators(sets.flatMap((set) => set.indicators.map((i) => String(i.id))));
            }}
          >
            Open all
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setOpenSets([]);
              setOpenIndicators([]);
            }}
          >
            Close all
          </Button>
        </Group>
      </Group>
      <Accordion multiple value={openSets} onChange={setOpenSets} variant="separated" radius="md">
        {sets.map((set) => (
          <Accordion.Item key={set.id} value={String(set.id)}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" gap="sm" pr="xs">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <Text fw={600} fz="sm">
                    {set.full_code} {set.name}
                  </Text>
                  {set.type === 'MODULE' ? (
                    <Badge
                      size="sm"
                      variant="light"
                      color="gray"
                      radius="sm"
                      tt="none"
                      style={{ flexShrink: 0 }}
                    >
                      Optional module
                    </Badge>
                  ) : null}
                </Group>
                <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {set.indicators.length} indicator{set.indicators.length === 1 ? '' : 's'}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {openSets.includes(String(set.id)) ? (
                <Accordion
                  multiple
                  value={openIndicators}
                  onChange={setOpenIndicators}
                  variant="contained"
                  radius="md"
                >
                  {set.indicators.map((indicator) => (
                    <Accordion.Item key={indicator.id} value={String(indicator.id)}>
                      <Accordion.Control>
                        <Group gap="sm" wrap="nowrap" miw={0}>
                          <Badge color="gray" variant="filled" radius="sm" style={{ flexShrink: 0 }}>
                            {indicator.code}
                          </Badge>
                          <Text fz="sm" lineClamp={2}>
                            {indicator.name}
                          </Text>
                        </Group>
                      </Accordion.Control>
                      <Accordion.Panel>
                        {openIndicators.includes(String(indicator.id)) ? (
                          <IndicatorPreview indicator={indicator} />
                        ) : null}
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              ) : null}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
