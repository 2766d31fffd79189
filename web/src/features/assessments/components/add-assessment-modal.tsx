import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  formatDisplayDate,
  formatMonthShort,
  parseDisplayDate,
  SURVEY_SUBMIT_MESSAGES,
  type TVisitType,
  VISIT_TYPE_LABELS,
  VISIT_TYPES,
} from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useStaticChoices } from '../../../lib/choices/use-static-choices.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { AddSurveyAssessmentMutation } from '../api/add-survey-assessment.ts';
import { GetVisitsWithoutAssessmentQuery } from '../api/get-visits-without-assessment.ts';
import { ACTION_FAILED } from '../model/action-failed.ts';

/** Ours: the practice has no survey visit left to assess. */
export const NO_VISIT_TO_ASSESS = 'Every survey visit of this practice already has an assessment.';
/** Ours: the visit is the one required choice. */
export const VISIT_REQUIRED = 'Please choose a survey visit';

/**
 * Add assessment (spec 001 §2, §5; the back office, from the Accreditation tab): for a survey visit
 * of the practice without one; visit date optional; type defaulting to ACCREDITATION (Survey), one of
 * the provider's new_assessment_types (spec 000 §3);
 * 'copy tickboxes from the last assessment' on by default. The action creates every response.
 */
export function AddAssessmentModal({
  practiceId,
  onClose,
  onAdded,
}: {
  practiceId: number;
  onClose(): void;
  onAdded(assessmentId: number): void;
}) {
  const [{ data, fetching }] = useQuery({
    query: GetVisitsWithoutAssessmentQuery,
    variables: { practiceId },
    requestPolicy: 'network-only',
  });
  const visits = data?.survey_visits ?? [];
  const [visitId, setVisitId] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [type, setType] = useState<TVisitType>('ACCREDITATION');
  const [copyTicks, setCopyTicks] = useState(true);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [state, add] = useMutation(AddSurveyAssessmentMutation);
  const chosen = visitId ?? (visits.length === 1 ? String(visits[0]!.id) : null);
  // The types offered are the provider's list (spec 000 §3 new_assessment_types), all four until it loads.
  const offered = useStaticChoices()?.new_assessment_types;
  const typeChoices = offered
    ? offered.map(([value, label]) => ({ value, label }))
    : VISIT_TYPES.map((t) => ({ value: t, label: VISIT_TYPE_LABELS[t] }));
  const shownType = typeChoices.some((c) => c.value === type) ? type : (typeChoices[0]?.value ?? type);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!chosen) return;
    setError(null);
    const result = await add({
      practiceId,
      surveyVisitId: Number(chosen),
      visitDate: date,
      visitType: shownType,
      copyTicks,
    });
    if (result.error || !result.data) {
      setError(result.error?.graphQLErrors[0]?.message ?? ACTION_FAILED);
      return;
    }
    notifySuccess(result.data.addSurveyAssessment.message ?? SURVEY_SUBMIT_MESSAGES.added);
    onAdded(result.data.addSurveyAssessment.id);
  };
  const visitLabel = (v: (typeof visits)[number]) =>
    [
      `Visit ${v.id}`,
      v.date ? formatDisplayDate(v.date) : v.due ? `due ${formatMonthShort(v.due)}` : null,
      VISIT_TYPE_LABELS[v.type as TVisitType],
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Add assessment</Text>} centered size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {!fetching && visits.length === 0 ? (
            <Alert variant="light" color="gray">
              {NO_VISIT_TO_ASSESS}
            </Alert>
          ) : null}
          <Select
            label="Survey visit"
            withAsterisk
            placeholder={fetching ? 'Loading…' : 'Choose a visit'}
            data={visits.map((v) => ({ value: String(v.id), label: visitLabel(v) }))}
            value={chosen}
            onChange={setVisitId}
            error={tried && !chosen ? VISIT_REQUIRED : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <DateInput
            label="Visit date"
            description="Optional: leave empty to keep the visit's date"
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/yy"
            clearable
            value={date}
            onChange={(value) => setDate(value || null)}
            dateParser={(text) => parseDisplayDate(text)}
          />
          <Select
            label="Type"
            data={typeChoices}
            value={shownType}
            onChange={(value) => setType((value as TVisitType | null) ?? 'ACCREDITATION')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox
            label="Copy tickboxes from the last assessment"
            description="Ticks only: the findings of the last survey are not copied."
            checked={copyTicks}
            onChange={(event) => setCopyTicks(event.currentTarget.checked)}
          />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={state.fetching} disabled={!fetching && visits.length === 0}>
              Add assessment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
