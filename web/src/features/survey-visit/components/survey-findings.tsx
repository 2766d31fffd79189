import { Alert, Button, Group, Radio, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  COMPLIANCE_LABELS,
  hasNonComplianceInput,
  INDICATOR_TEXT_MAX_LENGTH,
  INDICATOR_TEXTAREA_MAX_ROWS,
  INDICATOR_TEXTAREA_MIN_ROWS,
  NON_COMPLIANCE_TYPES,
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  RISK_RATING_LABELS,
  RISK_TYPES,
  type TIndicatorResponseFields,
  type TRiskLevel,
} from '@portal/domain';
import type { ResponseStore } from '../../assessments/index.ts';
import type { useSurveyTransitions } from '../hooks/use-survey-transitions.tsx';
import { RiskMatrix } from './risk-matrix.tsx';

/** The choices of a free-text column: ours, plus whatever an older row holds. */
function optionsWith(options: readonly string[], current: string | null): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

/** Met proposed (copied ticks, docs/decisions/assessments.md#met-proposed) and its one-click Confirm Met. */
function MetProposed({ onConfirm }: { onConfirm(): void }) {
  return (
    <Alert color="teal" variant="light" p="xs">
      <Group justify="space-between" gap="sm">
        <Text fz="sm">Met proposed: every must-have item is ticked but no compliance is recorded yet.</Text>
        <Button size="compact-sm" onClick={onConfirm}>
          Confirm Met
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * A survey indicator's compliance and findings (spec 001 §2, §4): the radios (Met always
 * disabled: it comes from the ticks), and for Not met the non-compliance statement and type and
 * the risk (type, likelihood, impact, the rating from the matrix). Every change goes through the
 * domain's transitions; each field saves on its own, so two surveyors keep each other's changes.
 */
export function SurveyFindings({
  indicatorId,
  response,
  editable,
  store,
  transitions,
}: {
  indicatorId: number;
  response: TIndicatorResponseFields;
  editable: boolean;
  store: ResponseStore;
  transitions: ReturnType<typeof useSurveyTransitions>;
}) {
  const compliance = response.compliance;
  const set = (fields: Partial<TIndicatorResponseFields>) => store.edit(indicatorId, { fields, ticks: {} });
  const findings = compliance === 'NOT_MET' || hasNonComplianceInput(response);
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Compliance"
        description="Met follows from the ticks: it is set when every must-have item is ticked."
        value={compliance ?? ''}
        onChange={(value) =>
          transitions.compliance({ kind: 'choose', compliance: value as 'NOT_MET' | 'NOT_APPLICABLE' })
        }
      >
        <Group gap="lg" mt={6}>
          <Radio value="MET" label={COMPLIANCE_LABELS.MET} disabled />
          <Radio value="NOT_MET" label={COMPLIANCE_LABELS.NOT_MET} disabled={!editable} />
          <Radio value="NOT_APPLICABLE" label={COMPLIANCE_LABELS.NOT_APPLICABLE} disabled={!editable} />
          {editable && (compliance === 'NOT_MET' || compliance === 'NOT_APPLICABLE') ? (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => transitions.compliance({ kind: 'choose', compliance: null })}
            >
              Clear choice
            </Button>
          ) : null}
        </Group>
      </Radio.Group>
      {editable && transitions.metProposed ? (
        <MetProposed onConfirm={() => transitions.compliance({ kind: 'confirmMet' })} />
      ) : null}

      {findings ? (
        <Stack
          gap="sm"
          p="sm"
          component="fieldset"
          style={{ border: '1px solid var(--mantine-color-red-3)', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Text component="legend" fz="sm" fw={700} px={4} c="red.9">
            Non-compliance
          </Text>
          <Textarea
            label="Non-compliance statement"
            autosize
            minRows={INDICATOR_TEXTAREA_MIN_ROWS}
            maxRows={INDICATOR_TEXTAREA_MAX_ROWS}
            maxLength={INDICATOR_TEXT_MAX_LENGTH}
            readOnly={!editable}
            value={response.non_compliance_statement ?? ''}
            onChange={(event) => set({ non_compliance_statement: event.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Non-compliance type"
              placeholder="Choose a type"
              data={optionsWith(NON_COMPLIANCE_TYPES, response.non_compliance_type)}
              value={response.non_compliance_type}
              onChange={(value) => set({ non_compliance_type: value })}
              readOnly={!editable}
              clearable={editable}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Risk type"
              placeholder="Choose a risk type"
              data={optionsWith(RISK_TYPES, response.risk_type)}
              value={response.risk_type}
              onChange={(value) => set({ risk_type: value })}
              readOnly={!editable}
              clearable={editable}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LevelChoice
              label="Likelihood"
              value={response.risk_likelihood}
              editable={editable}
              onChange={(level) => transitions.risk({ risk_likelihood: level })}
            />
            <LevelChoice
              label="Impact"
              value={response.risk_impact}
              editable={editable}
              onChange={(level) => transitions.risk({ risk_impact: level })}
            />
          </SimpleGrid>
          <Text fz="sm" aria-live="polite">
            Risk rating:{' '}
            <Text span fw={700}>
              {response.risk_rating ? RISK_RATING_LABELS[response.risk_rating] : 'not rated yet'}
            </Text>
          </Text>
          <RiskMatrix likelihood={response.risk_likelihood} impact={response.risk_impact} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function LevelChoice({
  label,
  value,
  editable,
  onChange,
}: {
  label: string;
  value: TRiskLevel | null;
  editable: boolean;
  onChange(level: TRiskLevel): void;
}) {
  return (
    <Radio.Group label={label} value={value ?? ''} onChange={(v) => onChange(v as TRiskLevel)}>
      <Group gap="md" mt={6}>
        {RISK_LEVELS.map((level) => (
          <Radio key={level} value={level} label={RISK_LEVEL_LABELS[level]} disabled={!editable} />
        ))}
      </Group>
    </Radio.Group>
  );
}
