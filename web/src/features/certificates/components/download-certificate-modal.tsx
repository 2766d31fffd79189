import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { CERTIFICATE_SIZES, type TCertificateSize } from '@portal/domain';
import { useState } from 'react';

/**
 * Download certificate (spec 001 §5: size A3, the default, or A4): the size is chosen, then the
 * PDF of that size downloads (`onDownload`).
 */
export function DownloadCertificateModal({
  title,
  busy = false,
  onClose,
  onDownload,
}: {
  /** The certificate, as the list names it. */
  title: string;
  busy?: boolean;
  onClose(): void;
  onDownload(size: TCertificateSize): void;
}) {
  const [size, setSize] = useState<TCertificateSize>(CERTIFICATE_SIZES[0]);
  return (
    <Modal opened onClose={onClose} title="Download certificate" centered size="sm">
      <Stack gap="md">
        <Text fz="sm">{title}</Text>
        <Radio.Group label="Size" value={size} onChange={(value) => setSize(value as TCertificateSize)}>
          <Group gap="lg" mt={6}>
            {CERTIFICATE_SIZES.map((s) => (
              <Radio key={s} value={s} label={s} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => onDownload(size)}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
