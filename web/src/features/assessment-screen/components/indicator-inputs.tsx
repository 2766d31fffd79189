/**
 * The inputs of one indicator (spec 001 §2 "Indicator view"): its checklist questions with their
 * items to tick, a self assessment's choice (Mark complete, Not applicable, Clear choice) and the
 * reviewer's marks (Reviewed, Further action required).
 */
import { Badge, Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import {
  isTicked,
  SELF_ASSESSMENT_CHOICES,
  type TChecklistTicks,
  type TIndicatorResponseFields,
} from '@portal/domain';
import type { TIndicator } from '../../assessments/index.ts';

/** The indicator's checklist questions, each item a checkbox (its must-haves badged). */
export function IndicatorChecklists({
  indicator,
  checklists,
  editable,
  onTick,
}: {
  indicator: TIndicator;
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

/** A self assessment's choice for the indicator, and Clear choice once one is made. */
export function SelfAssessmentChoice({
  choice,
  editable,
  onChoose,
}: {
  choice: 'COMPLETE' | 'NOT_APPLICABLE' | null;
  editable: boolean;
  onChoose(choice: 'COMPLETE' | 'NOT_APPLICABLE' | null): void;
}) {
  return (
    <Radio.Group
      label="Self assessment"
      value={choice ?? ''}
      onChange={(value) => onChoose(value as 'COMPLETE' | 'NOT_APPLICABLE')}
    >
      <Group gap="lg" mt={6}>
        {SELF_ASSESSMENT_CHOICES.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} disabled={!editable} />
        ))}
        {choice && editable ? (
          <Button variant="subtle" size="compact-sm" onClick={() => onChoose(null)}>
            Clear choice
          </Button>
        ) : null}
      </Group>
    </Radio.Group>
  );
}

/** The reviewer's marks of the indicator. */
export function ReviewMarks({
  response,
  editable,
  onChange,
}: {
  response: TIndicatorResponseFields;
  editable: boolean;
  onChange(fields: { reviewed: boolean } | { further_action_required: boolean }): void;
}) {
  return (
    <Group gap="xl">
      <Checkbox
        label="Reviewed"
        disabled={!editable}
        checked={response.reviewed}
        onChange={(event) => onChange({ reviewed: event.currentTarget.checked })}
      />
      <Checkbox
        label="Further action required"
        disabled={!editable}
        checked={response.further_action_required}
        onChange={(event) => onChange({ further_action_required: event.currentTarget.checked })}
      />
    </Group>
  );
}
