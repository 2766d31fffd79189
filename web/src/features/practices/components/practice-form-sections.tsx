// The sections of the practice form (Details, Add, Reapplication), in the order it shows them.
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseDisplayDate, type TChoice } from '@portal/domain';
import { PhoneCountrySelect } from '../../../components/phone-country-select.tsx';
import { useStaticChoices } from '../../../lib/choices/use-static-choices.ts';
import {
  Section,
  type TChoiceList,
  type TPracticeFields,
  type TPracticeFormState,
} from './practice-form-fields.tsx';

/**
 * The PHN list (spec 000 §3 practice.phn, the provider's): its items, and the practice's own
 * PHN where the list does not have it (an older value, or one the provider archived).
 */
export function phnChoices(served: readonly TChoice[], current: string): TChoiceList {
  const items = served.map(([value, label]) => ({ value, label }));
  return current && !served.some(([value]) => value === current)
    ? [{ value: current, label: current }, ...items]
    : items;
}

export function PracticeSection({
  fields: { input, select, check },
  choices,
  phn,
}: {
  fields: TPracticeFields;
  choices: { practiceTypes: TChoiceList; mmm: TChoiceList };
  /** The PHN in the form now. */
  phn: string;
}) {
  // A choice of the served list; words typed as before while the lists are not loaded.
  const servedPhns = useStaticChoices()?.['practice.phn'];
  return (
    <Section title="Practice">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {input('name', 'Practice name', { required: true })}
        {select('practiceType', 'Practice type', choices.practiceTypes)}
        {select('mmm', 'Modified Monash Model (MMM)', choices.mmm)}
        {servedPhns
          ? select('phn', 'Primary Health Network (PHN)', phnChoices(servedPhns, phn))
          : input('phn', 'Primary Health Network (PHN)')}
        {input('pipId', 'PIP ID')}
      </SimpleGrid>
      <Group gap="xl">
        {check('meetsGpDefinition', 'Meets the definition of a general practice')}
        {check('isAmds', 'Aboriginal medical or dental service')}
        {check('isReceivingIncentives', 'Receives practice incentives')}
      </Group>
    </Section>
  );
}

export function OrganisationSection({
  fields: { input, select },
  form,
  readOnly,
  structures,
}: {
  fields: TPracticeFields;
  form: TPracticeFormState;
  readOnly: boolean;
  structures: TChoiceList;
}) {
  return (
    <Section title="Organisation" description="The legal entity that runs the practice, and how to reach it.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {input('legalEntityName', 'Legal entity name')}
        {input('abn', 'ABN', { inputMode: 'numeric', placeholder: '11 digits' })}
        {select('structure', 'Structure', structures)}
        {input('website', 'Website', { placeholder: 'https://' })}
        {input('email', 'Email', { type: 'email' })}
        {input('billingEmail', 'Billing email', { type: 'email' })}
        {/* The phone's country beside it, Australia by default (spec 000 §9); the number is checked for it. */}
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <PhoneCountrySelect
            label="Phone country"
            size="sm"
            w={170}
            value={form.values.phoneCountryCode || null}
            onChange={(country) => form.setValue('phoneCountryCode', country)}
            error={form.errors.phoneCountryCode}
            disabled={readOnly}
          />
          {input('phone', 'Phone', { type: 'tel', style: { flex: 1 } })}
        </Group>
        {input('fax', 'Fax', { type: 'tel' })}
      </SimpleGrid>
    </Section>
  );
}

export function AddressSection({
  fields: { input, select },
  states,
  hasAddress,
  readOnly,
}: {
  fields: TPracticeFields;
  states: TChoiceList;
  hasAddress: boolean;
  readOnly: boolean;
}) {
  return (
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
        {select('state', 'State', states)}
        {input('postcode', 'Postcode', { inputMode: 'numeric', maw: 160 })}
      </SimpleGrid>
    </Section>
  );
}

const COUNTS: Array<[string, string, string]> = [
  ['Doctors', 'doctorHead', 'doctorMax'],
  ['Nurses', 'nurseHead', 'nurseMax'],
  ['Allied health', 'alliedHealthHead', 'alliedHealthMax'],
  ['Support staff', 'supportStaffHead', 'supportStaffMax'],
];

export function StaffNumbersSection({ fields: { number } }: { fields: TPracticeFields }) {
  return (
    <Section
      title="Staff numbers"
      description="Head count now, and the most the practice has had in the last year."
    >
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {COUNTS.map(([label, head, max]) => (
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
  );
}

export function PreviousAccreditationSection({
  fields: { input },
  form,
  readOnly,
}: {
  fields: TPracticeFields;
  form: TPracticeFormState;
  readOnly: boolean;
}) {
  return (
    <Section title="Previous accreditation">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {input('previousProvider', 'Previous provider')}
        {input('previousStandard', 'Previous standard')}
        <DateInput
          label="Previous expiry date"
          size="sm"
          valueFormat="DD/MM/YYYY"
          placeholder="dd/mm/yy"
          value={form.values.previousExpiryDate || null}
          onChange={(value) => form.setValue('previousExpiryDate', value ?? '')}
          dateParser={(text) => parseDisplayDate(text)}
          error={form.errors.previousExpiryDate}
          readOnly={readOnly}
          clearable={!readOnly}
        />
      </SimpleGrid>
    </Section>
  );
}
