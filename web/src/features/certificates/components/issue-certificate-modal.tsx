import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  CERTIFICATE_CONDITION_MAX_LENGTH,
  CERTIFICATE_MESSAGES,
  defaultExpiryDate,
  fieldErrors,
  issueCertificateDefaults,
  parseDisplayDate,
  portalToday,
  ZIssueCertificateSchema,
} from '@portal/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { notifySuccess } from '../../../lib/notify.ts';
import { CertifySurveyAssessmentMutation } from '../api/certify-survey-assessment.ts';
import { GetCertifiersQuery } from '../api/get-certifiers.ts';
import { GetPotentialCommencementDateQuery } from '../api/get-potential-commencement-date.ts';

type TForm = ReturnType<typeof issueCertificateDefaults>;

/** One date field of the form: dd/mm/yyyy typed or picked, yyyy-MM-dd in the form. */
function DateField({
  label,
  value,
  error,
  required = false,
  onChange,
}: {
  label: string;
  value: string | null;
  error?: string | undefined;
  required?: boolean;
  onChange(value: string | null): void;
}) {
  return (
    <DateInput
      size="md"
      label={label}
      withAsterisk={required}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/yy"
      clearable
      value={value}
      error={error}
      onChange={(next) => onChange(next || null)}
      dateParser={(text) => parseDisplayDate(text)}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/**
 * The certificate's four dates: a new certification date sets the expiry date to three years on
 * (`defaultExpiryDate`); the commencement date is optional.
 */
function CertificateDates({
  form,
  errors,
  set,
}: {
  form: TForm;
  errors: Record<string, string>;
  set(patch: Partial<TForm>): void;
}) {
  return (
    <SimpleGrid cols={2} spacing="md">
      <DateField
        label="Certification date"
        required
        value={form.certificationDate}
        error={errors.certificationDate}
        onChange={(value) =>
          set({
            certificationDate: value ?? '',
            ...(value ? { expiryDate: defaultExpiryDate(value) } : {}),
          })
        }
      />
      <DateField
        label="Issue date"
        required
        value={form.issueDate}
        error={errors.issueDate}
        onChange={(value) => set({ issueDate: value ?? '' })}
      />
      <DateField
        label="Expiry date"
        required
        value={form.expiryDate}
        error={errors.expiryDate}
        onChange={(value) => set({ expiryDate: value ?? '' })}
      />
      <DateField
        label="Commencement date"
        value={form.commencementDate}
        error={errors.commencementDate}
        onChange={(value) => set({ commencementDate: value })}
      />
    </SimpleGrid>
  );
}

/**
 * Issue certificate (spec 001 §5): certification and issue date default to today, expiry to the
 * certification date plus three years (recomputed whenever the certification date changes),
 * commencement to the server's suggestion; a condition; the certifier from `certifiers`. Checked
 * with ZIssueCertificateSchema before it is sent ('Please input a date', 'Certified user
 * required'); the action checks it again.
 */
export function IssueCertificateModal({
  assessmentId,
  onClose,
  onIssued,
}: {
  assessmentId: number;
  onClose(): void;
  onIssued(): void;
}) {
  const [form, setForm] = useState<TForm>(() => issueCertificateDefaults(portalToday(), null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [certifiers] = useQuery({ query: GetCertifiersQuery, requestPolicy: 'network-only' });
  const [suggestion] = useQuery({
    query: GetPotentialCommencementDateQuery,
    variables: { assessmentId },
    requestPolicy: 'network-only',
  });
  const [state, certify] = useMutation(CertifySurveyAssessmentMutation);
  const suggested = suggestion.data?.potentialCommencementDate.date ?? null;
  useEffect(() => {
    if (suggested) setForm((f) => (f.commencementDate === null ? { ...f, commencementDate: suggested } : f));
  }, [suggested]);

  const set = (patch: Partial<TForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = ZIssueCertificateSchema.safeParse(form);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    const result = await certify({ assessmentId, ...checked.data });
    if (result.error || !result.data) {
      const error = result.error?.graphQLErrors[0];
      const fields = error?.extensions?.fields as Record<string, string> | undefined;
      if (fields) setErrors(fields);
      else setFailure(error?.message ?? CERTIFICATE_MESSAGES.issueFailed);
      return;
    }
    notifySuccess(result.data.certifySurveyAssessment.message);
    onIssued();
  };

  return (
    <Modal opened onClose={onClose} title="Issue certificate" centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <CertificateDates form={form} errors={errors} set={set} />
          <Textarea
            size="md"
            label="Condition"
            description="Optional: printed on the certificate"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={CERTIFICATE_CONDITION_MAX_LENGTH}
            value={form.condition}
            error={errors.condition}
            onChange={(event) => set({ condition: event.currentTarget.value })}
          />
          <Select
            label="Certified by"
            withAsterisk
            searchable
            placeholder={certifiers.fetching ? 'Loading…' : 'Choose a certifier'}
            data={(certifiers.data?.certifiers ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={form.certifiedById === null ? null : String(form.certifiedById)}
            onChange={(value) => set({ certifiedById: value ? Number(value) : null })}
            error={errors.certifiedById}
            comboboxProps={{ withinPortal: true }}
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={state.fetching}>
              Cancel
            </Button>
            <Button type="submit" loading={state.fetching}>
              Issue certificate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
