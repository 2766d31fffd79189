/**
 * The inputs of one indicator (spec 001 §2 "Indicator view") beside its checklists (the
 * assessments feature's `IndicatorChecklists`): a self assessment's choice (Mark complete, Not
 * applicable, Clear choice) and the reviewer's marks (Reviewed, Further action required).
 */
import { Button, Checkbox, Group, Radio } from '@mantine/core';
import { SELF_ASSESSMENT_CHOICES, type TIndicatorResponseFields } from '@portal/domain';

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
