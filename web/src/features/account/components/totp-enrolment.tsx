import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { formatTotpKey, ZConfirmTotpSchema } from '@portal/domain';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import type { TTotpEnrolment } from '../../../lib/auth/factors-api.ts';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { useServices } from '../../../lib/services.tsx';

/** The QR code of an `otpauth://` link, as an SVG data URL (no canvas needed). */
function useQrCode(uri: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return src;
}

/**
 * Setting up an authenticator app: the QR code and the key typed in groups, then the code the
 * app shows to confirm it. The recovery codes come back from the confirmation.
 */
export function TotpEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TTotpEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { api } = useServices();
  const qr = useQrCode(enrolment.uri);
  const form = useZodForm(ZConfirmTotpSchema, { code: '' });
  const submit = form.onSubmit(async ({ code }) => {
    const { recoveryCodes } = await api.factors.confirmTotp({ code });
    onConfirmed(recoveryCodes);
  });
  return (
    <Stack gap="md">
      <Text fz="sm">
        1. Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft
        Authenticator or 1Password).
      </Text>
      {qr ? <Image src={qr} w={200} h={200} alt="QR code to scan with your authenticator app" /> : null}
      <Stack gap={4}>
        <Text fz="sm">Can't scan it? Type this key into the app instead:</Text>
        <Code fz="md" data-testid="totp-key">
          {formatTotpKey(enrolment.secret)}
        </Code>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">2. Enter the 6-digit code the app shows, to confirm it is set up.</Text>
          <FormError message={form.formError} />
          <TextInput
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maw={240}
            {...form.field('code')}
          />
          <Group>
            <Button type="submit" loading={form.submitting}>
              Confirm
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
