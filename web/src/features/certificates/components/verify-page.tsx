import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatDisplayDate, normaliseVerificationCode, VERIFY_MESSAGES, verifyRoute } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout.tsx';
import { CERTIFICATE_VERDICT_COLOURS } from '../../../config/colours.ts';
import type { TVerifiedCertificate } from '../api/verify-certificate.ts';
import { useCertificateVerification } from '../hooks/use-certificate-verification.ts';

/** The printed details of a verified certificate, as a two-column table. */
function CertificateDetails({ certificate }: { certificate: TVerifiedCertificate }) {
  const rows: Array<[string, string]> = [
    ['Practice', certificate.practiceName],
    ['Trading name', certificate.tradingName],
    [certificate.locations.length > 1 ? 'Locations' : 'Location', certificate.locations.join('\n') || '-'],
    ['Certificate', certificate.type],
    ['Certificate number', certificate.certificateNumber],
    ['Issued by', certificate.issuingProvider],
    ['Certification date', formatDisplayDate(certificate.certificationDate)],
    ['Issue date', formatDisplayDate(certificate.issueDate)],
    ...(certificate.commencementDate
      ? [['Commencement date', formatDisplayDate(certificate.commencementDate)] as [string, string]]
      : []),
    ['Expiry date', formatDisplayDate(certificate.expiryDate)],
    ...(certificate.condition ? [['Condition', certificate.condition] as [string, string]] : []),
  ];
  return (
    <Table variant="vertical" withTableBorder fz="sm" aria-label="Certificate details">
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            {/* The names on one line; the values take the rest of the width. */}
            <Table.Th w="1%" style={{ whiteSpace: 'nowrap' }}>
              {name}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-line' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /verify/:code? (ours, no sign-in): anyone shown a certificate (a funding body) checks that it is
 * genuine and current with the code printed on it. Without a code, the form only.
 */
export function VerifyPage() {
  const { code } = useParams();
  const navigate = useNavigate();
  const verification = useCertificateVerification(code);
  const [typed, setTyped] = useState(code ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseVerificationCode(typed);
    if (!normalised) {
      setError(VERIFY_MESSAGES.malformed);
      return;
    }
    setError(null);
    navigate(verifyRoute(normalised));
  };

  return (
    <AuthLayout title={VERIFY_MESSAGES.heading} subtitle={VERIFY_MESSAGES.intro}>
      <Stack gap="lg">
        {code ? (
          <section aria-label="Result" aria-live="polite">
            {verification === null ? (
              <Group gap="xs">
                <Loader size="sm" />
                <Text fz="sm">Checking the certificate…</Text>
              </Group>
            ) : verification.kind === 'found' ? (
              <Stack gap="md">
                <Alert
                  variant="light"
                  color={CERTIFICATE_VERDICT_COLOURS[verification.certificate.state]}
                  title={
                    <Title order={2} fz="lg">
                      {verification.certificate.verdict}
                    </Title>
                  }
                >
                  {VERIFY_MESSAGES.explanation[verification.certificate.state]}
                </Alert>
                <CertificateDetails certificate={verification.certificate} />
              </Stack>
            ) : (
              <Alert
                variant="light"
                color="red"
                role="alert"
                title={
                  <Title order={2} fz="lg">
                    {verification.message}
                  </Title>
                }
              >
                {verification.kind === 'notFound' ? 'Check the code on the certificate and try again.' : null}
              </Alert>
            )}
          </section>
        ) : null}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={VERIFY_MESSAGES.codeLabel}
              placeholder="XXXX-XXXX-XXXX"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              error={error}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                if (error) setError(null);
              }}
            />
            <Group justify="flex-end">
              <Button type="submit">{VERIFY_MESSAGES.submit}</Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </AuthLayout>
  );
}
