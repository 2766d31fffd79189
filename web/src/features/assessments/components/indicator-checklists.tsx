import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { isTicked, type TChecklistTicks } from '@portal/domain';
import type { TIndicator } from '../model/assessment-view.ts';

/**
 * The indicator's checklist questions, each item a checkbox (its must-haves badged): the
 * assessment screen's (spec 001 §2 "Indicator view"), and the editions' preview (read only, no
 * ticks), so an edition is checked as practices and surveyors will see it.
 */
export function IndicatorChecklists({
  indicator,
  checklists,
  editable,
  onTick,
}: {
  indicator: Pick<TIndicator, 'checklists'>;
  checklists: TChecklistTicks;
  editable: boolean;
  onTick(question: number, item: number, ticked: boolean): void;
}) {
  return (
    <>
      {indicator.checklists.map((question) => (
        <Stack key={question.id} gap={6}>
          <Text fz="sm" fw={600}>
            {question.question_number}. {question.question_text}
          </Text>
          {question.checklist_items.map((item) => (
            <Checkbox
              key={item.id}
              disabled={!editable}
              checked={isTicked(checklists, question.question_number, item.item_number)}
              onChange={(event) =>
                onTick(question.question_number, item.item_number, event.currentTarget.checked)
              }
              label={
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Text fz="sm" span>
                    {item.item_text}
                  </Text>
                  {item.must_have ? (
                    <Badge
                      size="xs"
                      variant="outline"
                      color="red"
                      radius="sm"
                      tt="none"
                      style={{ flexShrink: 0 }}
                    >
                      Must have
                    </Badge>
                  ) : null}
                </Group>
              }
            />
          ))}
        </Stack>
      ))}
    </>
  );
}
