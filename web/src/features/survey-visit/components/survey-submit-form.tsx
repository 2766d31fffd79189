import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { fieldErrors, type TSurveyVisitorForm, ZSurveyVisitorFormSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { requireConnection } from '../../../lib/offline/needs-connection.ts';

const EMPTY: TSurveyVisitorForm = {
  actualStartTime: '',
  actualEndTime: '',
  hoursWorkedBeforeVisit: '',
  hoursWorkedAfterVisit: '',
  hoursWorkedConfirmed: false,
};

/**
 * The 'Submit for review' form of a survey visit (spec 001 §3 survey visitor form, §5): actual
 * start and end time (HH:mm), hours worked before and after the visit (numbers only) and the
 * confirmation, all required, checked by the domain's schema (the action checks the same one).
 */
export function SurveySubmitForm({
  busy,
  serverErrors,
  formError,
  onSubmit,
  onClose,
}: {
  busy: boolean;
  /** Field messages the server refused the form with. */
  serverErrors: Record<string, string>;
  formError: string | null;
  onSubmit(form: TSurveyVisitorForm): void;
  onClose(): void;
}) {
  const [form, setForm] = useState<TSurveyVisitorForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const set = <K extends keyof TSurveyVisitorForm>(key: K, value: TSurveyVisitorForm[K]) => {
    setForm((now) => ({ ...now, [key]: value }));
    setErrors((now) => {
      const { [key]: _, ...rest } = now;
      return rest;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ZSurveyVisitorFormSchema.safeParse(form);
    const found = checked.success ? {} : fieldErrors(checked.error);
    setErrors(found);
    if (Object.keys(found).length === 0 && requireConnection('Submitting')) onSubmit(form);
  };
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Submit for review</Text>} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            Record the times of your visit and the hours you worked around it. Once submitted, your findings
            can no longer be changed.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TimeInput
              size="md"
              label="Actual start time"
              withAsterisk
              value={form.actualStartTime}
              onChange={(event) => set('actualStartTime', event.currentTarget.value)}
              error={shown.actualStartTime}
            />
            <TimeInput
              size="md"
              label="Actual end time"
              withAsterisk
              value={form.actualEndTime}
              onChange={(event) => set('actualEndTime', event.currentTarget.value)}
              error={shown.actualEndTime}
            />
            <TextInput
              label="Hours worked before the visit"
              withAsterisk
              inputMode="decimal"
              value={form.hoursWorkedBeforeVisit}
              onChange={(event) => set('hoursWorkedBeforeVisit', event.currentTarget.value)}
              error={shown.hoursWorkedBeforeVisit}
            />
            <TextInput
              label="Hours worked after the visit"
              withAsterisk
              inputMode="decimal"
              value={form.hoursWorkedAfterVisit}
              onChange={(event) => set('hoursWorkedAfterVisit', event.currentTarget.value)}
              error={shown.hoursWorkedAfterVisit}
            />
          </SimpleGrid>
          <Checkbox
            label="I confirm these are the times of my visit and the hours I worked"
            checked={form.hoursWorkedConfirmed}
            onChange={(event) => set('hoursWorkedConfirmed', event.currentTarget.checked)}
            error={shown.hoursWorkedConfirmed}
          />
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Submit for review
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
