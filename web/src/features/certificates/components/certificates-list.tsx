import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { certificateTypeLabel, formatDisplayDate, type TCertificateSize, verifyRoute } from '@portal/domain';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { DownloadIcon } from '../../../components/icons.tsx';
import { DownloadCertificateModal } from './download-certificate-modal.tsx';

export interface TCertificateRow {
  id: number;
  type: string;
  name: string | null;
  issuing_provider: string | null;
  certification_date: string | null;
  issue_date: string | null;
  expiry_date: string | null;
  /** Its PDF is in storage (certificates.has_file). */
  has_file: boolean | null;
  /** The printed number and the public verification code (issued certificates; the demo ones). */
  certificate_number?: string | null;
  verification_code?: string | null;
}

/** Said instead of the button while a certificate has no PDF yet. */
export const CERTIFICATE_FILE_NOT_AVAILABLE = 'Certificate file not yet available';

/**
 * The Accreditations list: the practice's valid certificates (spec 001 §2), each with a Download
 * button once its PDF exists, which opens Download certificate to choose the size (spec 001 §5)
 * before the file downloads (`onDownload`, which resolves once it did; `downloadBusyId` is the one
 * being fetched).
 */
export function CertificatesList({
  certificates,
  onDownload,
  downloadBusyId = null,
}: {
  certificates: readonly TCertificateRow[];
  onDownload: (certificateId: number, size: TCertificateSize) => unknown;
  downloadBusyId?: number | null;
}) {
  const [choosing, setChoosing] = useState<{ id: number; title: string } | null>(null);
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
          {certificates.map((c) => {
            const type = certificateTypeLabel(c.type);
            const title = c.name ?? `${type} certificate`;
            return (
              <Paper key={c.id} withBorder radius="md" p="sm" component="li">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600} fz="sm">
                        {title}
                      </Text>
                      <Badge variant="light" color="teal" radius="sm" tt="none">
                        Valid
                      </Badge>
                    </Group>
                    <Text fz="xs" c="dimmed">
                      {/* Each detail kept whole: a narrow window wraps between them, not inside one. */}
                      {[
                        type,
                        c.certificate_number ? `No. ${c.certificate_number}` : null,
                        c.issuing_provider,
                        c.certification_date ? `Certified ${formatDisplayDate(c.certification_date)}` : null,
                        c.expiry_date ? `Expires ${formatDisplayDate(c.expiry_date)}` : null,
                      ]
                        .filter((detail): detail is string => Boolean(detail))
                        .map((detail, index) => (
                          <Fragment key={detail}>
                            {index > 0 ? ' · ' : null}
                            <span style={{ whiteSpace: 'nowrap' }}>{detail}</span>
                          </Fragment>
                        ))}
                    </Text>
                    {c.verification_code ? (
                      <Text fz="xs" c="dimmed">
                        <span style={{ whiteSpace: 'nowrap' }}>Verification code {c.verification_code}</span>{' '}
                        ·{' '}
                        <Anchor
                          component={Link}
                          to={verifyRoute(c.verification_code)}
                          fz="xs"
                          aria-label={`Verify online: ${title}, ${type} certificate`}
                          underline="always"
                        >
                          Verify online
                        </Anchor>
                      </Text>
                    ) : null}
                  </Stack>
                  {c.has_file ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<DownloadIcon size={14} />}
                      loading={downloadBusyId === c.id}
                      onClick={() => setChoosing({ id: c.id, title: `${title}, ${type} certificate` })}
                      aria-label={`Download ${title}, ${type} certificate`}
                    >
                      Download
                    </Button>
                  ) : (
                    <Text fz="xs" c="dimmed">
                      {CERTIFICATE_FILE_NOT_AVAILABLE}
                    </Text>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {choosing ? (
        <DownloadCertificateModal
          title={choosing.title}
          busy={downloadBusyId === choosing.id}
          onClose={() => setChoosing(null)}
          onDownload={(size) => {
            void Promise.resolve(onDownload(choosing.id, size)).then(() => setChoosing(null));
          }}
        />
      ) : null}
    </Stack>
  );
}
