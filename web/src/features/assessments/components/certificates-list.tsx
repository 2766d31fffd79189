import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate } from '@portal/domain';

export interface TCertificateRow {
  id: number;
  type: string;
  name: string | null;
  issuing_provider: string | null;
  certification_date: string | null;
  issue_date: string | null;
  expiry_date: string | null;
}

const CERTIFICATE_TYPE_LABELS: Record<string, string> = {
  ACCREDITATION: 'Accreditation',
  REGISTRATION: 'Registration',
  EXTENSION: 'Extension',
};

/** The Accreditations list: the practice's valid certificates (spec 001 §2). */
export function CertificatesList({ certificates }: { certificates: readonly TCertificateRow[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="accreditations-heading">
      <Title order={2} fz={18} id="accreditations-heading">
        Accreditations
      </Title>
      {certificates.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No current certificates. A certificate appears here once a survey visit is certified.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {certificates.map((c) => (
            <Paper key={c.id} withBorder radius="md" p="sm" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600} fz="sm">
                      {c.name ?? `${CERTIFICATE_TYPE_LABELS[c.type] ?? c.type} certificate`}
                    </Text>
                    <Badge variant="light" color="teal" radius="sm" tt="none">
                      Valid
                    </Badge>
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {[
                      CERTIFICATE_TYPE_LABELS[c.type] ?? c.type,
                      c.issuing_provider,
                      c.certification_date ? `Certified ${formatDisplayDate(c.certification_date)}` : null,
                      c.expiry_date ? `Expires ${formatDisplayDate(c.expiry_date)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
