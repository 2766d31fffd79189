import '@mantine/dates/styles.css';
import { Alert, Button, Divider, Group, Paper, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { practiceFields, type TChoiceList, type TPracticeFormState } from './practice-form-fields.tsx';
import {
  AddressSection,
  OrganisationSection,
  PracticeSection,
  PreviousAccreditationSection,
  StaffNumbersSection,
} from './practice-form-sections.tsx';

type Form = TPracticeFormState;
export interface TChoiceLists {
  practiceTypes: TChoiceList;
  mmm: TChoiceList;
  structures: TChoiceList;
  states: TChoiceList;
}

/**
 * The practice and organisation form of Details, Add and Reapplication. Read-only for users
 * without practice.changePractice.
 */
export function PracticeForm({
  form,
  choices,
  readOnly,
  hasAddress = true,
  submitLabel,
  onSubmit,
  secondarySubmit,
  footer,
}: {
  form: Form;
  choices: TChoiceLists;
  readOnly: boolean;
  /** False when the practice has no physical address on record yet (saving adds the one entered). Default true. */
  hasAddress?: boolean;
  submitLabel: string;
  onSubmit: ReturnType<Form['onSubmit']>;
  /** A second way to send the same form (e.g. Save changes beside Submit renewal). */
  secondarySubmit?: { label: string; onSubmit: ReturnType<Form['onSubmit']> };
  /** Shown before the buttons (a note, or a button of its own). */
  footer?: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  // The buttons are at the end of a long form: after a refused send, bring the first field
  // with a message into view (a message of the whole form shows beside the buttons).
  const send = (handler: ReturnType<Form['onSubmit']>) => async (event: FormEvent) => {
    await handler(event);
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!invalid) return;
      invalid.scrollIntoView?.({ block: 'center' });
      invalid.focus({ preventScroll: true });
    });
  };
  const fields = practiceFields(form, readOnly);
  return (
    <form ref={formRef} onSubmit={(event) => void send(onSubmit)(event)} noValidate>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="xl">
          <PracticeSection fields={fields} choices={choices} phn={form.values.phn ?? ''} />
          <Divider />
          <OrganisationSection
            fields={fields}
            form={form}
            readOnly={readOnly}
            structures={choices.structures}
          />
          <Divider />
          <AddressSection
            fields={fields}
            states={choices.states}
            hasAddress={hasAddress}
            readOnly={readOnly}
          />
          <Divider />
          <StaffNumbersSection fields={fields} />
          <Divider />
          <PreviousAccreditationSection fields={fields} form={form} readOnly={readOnly} />
          {form.formError ? (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          ) : null}
          {readOnly ? null : (
            <Group justify="flex-end" gap="sm">
              {footer}
              {secondarySubmit ? (
                <Button
                  type="button"
                  variant="default"
                  disabled={form.submitting}
                  onClick={(event) => void send(secondarySubmit.onSubmit)(event)}
                >
                  {secondarySubmit.label}
                </Button>
              ) : null}
              <Button type="submit" loading={form.submitting}>
                {submitLabel}
              </Button>
            </Group>
          )}
          {readOnly && footer ? <Group justify="flex-end">{footer}</Group> : null}
        </Stack>
      </Paper>
    </form>
  );
}
