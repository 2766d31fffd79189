import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import {
  creatableVisitTypes,
  formatDisplayDate,
  isOfferedVisitReason,
  VISIT_TYPE_LABELS,
  VISIT_TYPES,
  ZCreateSurveyVisitSchema,
} from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { CreateSurveyVisitMutation } from '../api/create-survey-visit.ts';
import type { TChoice, TPlanningRow } from '../api/get-survey-planning.ts';
import { reportOutcome } from '../model/mutation-outcome.ts';

/**
 * Create visit: type, reason (the choice list) and due month of a cycle's new visit; the types
 * offered are those without an open visit in the cycle (`creatableVisitTypes`).
 */
export function CreateVisitModal({
  row,
  reasons,
  onClose,
  onCreated,
}: {
  row: TPlanningRow;
  reasons: readonly TChoice[];
  onClose(): void;
  onCreated(visitId: number): void;
}) {
  const types = creatableVisitTypes(row.openVisitTypes);
  const [type, setType] = useState<string | null>(types[0] ?? null);
  const [reason, setReason] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(
    row.surveyVisitDue ? `${row.surveyVisitDue.slice(0, 7)}-01` : null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [{ fetching }, create] = useMutation(CreateSurveyVisitMutation);

  const submit = async () => {
    const form = { accreditationId: row.accreditationId, type, reason, dueMonth: month?.slice(0, 7) };
    const parsed = ZCreateSurveyVisitSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    const result = await create(parsed.data);
    if (
      reportOutcome(
        result,
        (d: { createSurveyVisit: { message: string } }) => d.createSurveyVisit.message,
        'The visit could not be created, please try again.',
      )
    )
      onCreated(result.data!.createSurveyVisit.visitId);
  };

  return (
    <Modal opened onClose={onClose} title={`Create visit: ${row.practiceName}`} centered>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {row.expiryDate
            ? `The accreditation expires on ${formatDisplayDate(row.expiryDate)}.`
            : 'The accreditation has no expiry date yet.'}
        </Text>
        <Select
          label="Type"
          data={types.map((value) => ({ value, label: VISIT_TYPE_LABELS[value] }))}
          description={
            types.length < VISIT_TYPES.length
              ? 'A type with a visit still being planned in this cycle is not offered.'
              : undefined
          }
          value={type}
          onChange={setType}
          allowDeselect={false}
          error={errors.type}
          required
        />
        <Select
          label="Reason"
          placeholder="Choose a reason"
          data={reasons
            .filter((r) => isOfferedVisitReason(r.value))
            .map((r) => ({ value: r.value, label: r.comment }))}
          value={reason}
          onChange={setReason}
          error={errors.reason}
          required
        />
        <MonthPickerInput
          label="Due month"
          placeholder="Choose a month"
          valueFormat="MMMM YYYY"
          value={month}
          onChange={setMonth}
          error={errors.dueMonth}
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={fetching}>
            Cancel
          </Button>
          <Button onClick={submit} loading={fetching}>
            Create visit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
