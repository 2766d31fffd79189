import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { isNumberFieldKey, parseDisplayDate } from '@portal/domain';
import { type FormEvent, type KeyboardEvent, type ReactNode, useRef } from 'react';
import type { useZodForm } from '../../../lib/forms/use-zod-form.ts';

type Form = ReturnType<typeof useZodForm>;
export interface TChoiceLists {
  practiceTypes: Array<{ value: string; label: string }>;
  mmm: Array<{ value: string; label: string }>;
  structures: Array<{ value: string; label: string }>;
  states: Array<{ value: string; label: string }>;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz={17}>
          {title}
        </Title>
        {description ? (
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
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
  const select = (
    name: string,
    label: string,
    data: TChoiceLists[keyof TChoiceLists],
    extra: object = {},
  ) => (
    <Select
      label={label}
      data={data}
      value={form.values[name] || null}
      onChange={(value) => form.setValue(name, value ?? '')}
      error={form.errors[name]}
      readOnly={readOnly}
      clearable={!readOnly}
      searchable
      size="sm"
      {...extra}
    />
  );
  const input = (name: string, label: string, extra: object = {}) => (
    <TextInput label={label} size="sm" readOnly={readOnly} {...form.field(name)} {...extra} />
  );
  // Number fields take digits and editing keys only (spec 002 §5); a paste is checked on blur.
  const number = (name: string, label: string, ariaLabel: string) =>
    input(name, label, {
      inputMode: 'numeric',
      'aria-label': ariaLabel,
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (!isNumberFieldKey(event.key, event)) event.preventDefault();
      },
    });
  const check = (name: string, label: string) => (
    <Checkbox
      label={label}
      checked={form.values[name] === 'true'}
      onChange={(event) => form.setValue(name, String(event.currentTarget.checked))}
      disabled={readOnly}
    />
  );
  const counts: Array<[string, string, string]> = [
    ['Doctors', 'doctorHead', 'doctorMax'],
    ['Nurses', 'nurseHead', 'nurseMax'],
    ['Allied health', 'alliedHealthHead', 'alliedHealthMax'],
    ['Support staff', 'supportStaffHead', 'supportStaffMax'],
  ];
  return (
    <form ref={formRef} onSubmit={(event) => void send(onSubmit)(event)} noValidate>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="xl">
          <Section title="Practice">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {input('name', 'Practice name', { required: true })}
              {select('practiceType', 'Practice type', choices.practiceTypes)}
              {select('mmm', 'Modified Monash Model (MMM)', choices.mmm)}
              {input('phn', 'Primary Health Network (PHN)')}
              {input('pipId', 'PIP ID')}
            </SimpleGrid>
            <Group gap="xl">
              {check('meetsGpDefinition', 'Meets the definition of a general practice')}
              {check('isAmds', 'Aboriginal medical or dental service')}
              {check('isReceivingIncentives', 'Receives practice incentives')}
            </Group>
          </Section>
          <Divider />
          <Section
            title="Organisation"
            description="The legal entity that runs the practice, and how to reach it."
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {input('legalEntityName', 'Legal entity name')}
              {input('abn', 'ABN', { inputMode: 'numeric', placeholder: '11 digits' })}
              {select('structure', 'Structure', choices.structures)}
              {input('website', 'Website', { placeholder: 'https://' })}
              {input('email', 'Email', { type: 'email' })}
              {input('billingEmail', 'Billing email', { type: 'email' })}
              {input('phone', 'Phone', { type: 'tel' })}
              {input('fax', 'Fax', { type: 'tel' })}
            </SimpleGrid>
          </Section>
          <Divider />
          <Section
            title="Physical address"
            description={
              hasAddress
                ? undefined
                : readOnly
                  ? 'No address is on record for this practice.'
                  : 'No address is on record for this practice yet. Enter it here and save.'
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {input('unit', 'Unit or suite')}
              {input('street', 'Street')}
              {input('address2', 'Address line 2')}
              {input('suburb', 'Suburb')}
              {select('state', 'State', choices.states)}
              {input('postcode', 'Postcode', { inputMode: 'numeric', maw: 160 })}
            </SimpleGrid>
          </Section>
          <Divider />
          <Section
            title="Staff numbers"
            description="Head count now, and the most the practice has had in the last year."
          >
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
              {counts.map(([label, head, max]) => (
                <Stack key={head} gap={6}>
                  <Text fz="sm" fw={600}>
                    {label}
                  </Text>
                  <Group gap="xs" grow wrap="nowrap" align="flex-start">
                    {number(head, 'Head count', `${label} head count`)}
                    {number(max, 'Maximum', `${label} maximum`)}
                  </Group>
                </Stack>
              ))}
            </SimpleGrid>
          </Section>
          <Divider />
          <Section title="Previous accreditation">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {input('previousProvider', 'Previous provider')}
              {input('previousStandard', 'Previous standard')}
              <DateInput
                label="Previous expiry date"
                size="sm"
                valueFormat="DD/MM/YYYY"
                placeholder="dd/mm/yyyy"
                value={form.values.previousExpiryDate || null}
                onChange={(value) => form.setValue('previousExpiryDate', value ?? '')}
                dateParser={(text) => parseDisplayDate(text)}
                error={form.errors.previousExpiryDate}
                readOnly={readOnly}
                clearable={!readOnly}
              />
            </SimpleGrid>
          </Section>
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
