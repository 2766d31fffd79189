import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  canRecordPayment,
  owedPayment,
  PAYMENT_METHOD_LABELS,
  parseDisplayDate,
  portalToday,
  RECORDED_PAYMENT_METHODS,
  type TRecordedPaymentMethod,
  ZRecordPaymentSchema,
} from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { notifySuccess } from '../../../lib/notify.ts';
import { RecordPaymentMutation } from '../api/record-payment.ts';
import { usePracticeContext } from './practice-context.tsx';

const WHAT = { APPLICATION: 'the application fee', RENEWAL: 'the renewal fee' } as const;

/**
 * Record payment (docs/decisions/practices-and-staff.md, "Payments"): for a provider admin, on a
 * practice that owes a fee (a new application or a renewal PAYMENT_PENDING), a payment received
 * another way (a bank transfer); the practice or its renewal then moves on.
 */
export function RecordPaymentButton() {
  const { practice, access } = usePracticeContext();
  const [open, setOpen] = useState(false);
  const owed = owedPayment(practice);
  if (!owed || !canRecordPayment(access.backOfficeRole)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Record payment</Button>
      {open ? <RecordPaymentModal what={WHAT[owed]} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function RecordPaymentModal({ what, onClose }: { what: string; onClose(): void }) {
  const { practiceId, practice, refetch } = usePracticeContext();
  const [method, setMethod] = useState<TRecordedPaymentMethod | null>('BANK_TRANSFER');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState<string | null>(portalToday());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [state, record] = useMutation(RecordPaymentMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZRecordPaymentSchema.safeParse({ method, reference, receivedOn: receivedOn ?? '' });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    setFailure(null);
    const result = await record({ practiceId, payment: parsed.data });
    if (result.error || !result.data) {
      setFailure(
        result.error?.graphQLErrors[0]?.message ?? 'The payment could not be recorded. Please try again.',
      );
      return;
    }
    notifySuccess(result.data.recordPayment.message);
    refetch();
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Record payment</Text>} centered size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            {practice.organisation.name} owes {what}. Record a payment received another way (for example a
            bank transfer); the gateway records its own.
          </Text>
          <Select
            label="Received by"
            withAsterisk
            data={RECORDED_PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            value={method}
            onChange={(value) => setMethod(value as TRecordedPaymentMethod | null)}
            error={errors.method}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Reference"
            withAsterisk
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
            maxLength={100}
          />
          <DateInput
            label="Received on"
            withAsterisk
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/yyyy"
            value={receivedOn}
            onChange={(value) => setReceivedOn(value || null)}
            dateParser={(text) => parseDisplayDate(text)}
            maxDate={portalToday()}
            error={errors.receivedOn}
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={state.fetching}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
