import { Anchor, Group, Stack, Text } from '@mantine/core';
import { env } from '../../config/env.ts';

export const COPYRIGHT_HOLDER = 'Connect Practice Accreditation';
export const VENDOR_CREDIT = 'Accreditation portal software';

/** Help phone, support e-mail, copyright line and vendor credit (spec 000 §1). */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const phone = env.VITE_HELP_PHONE;
  const email = env.VITE_SUPPORT_EMAIL;
  const copyright = (
    <Text fz="xs">
      © {new Date().getFullYear()} {COPYRIGHT_HOLDER} · {VENDOR_CREDIT}
    </Text>
  );
  const contacts = (
    <Group gap="lg" justify={compact ? 'center' : undefined}>
      <Text fz="sm">
        Need help? Call{' '}
        <Anchor href={`tel:${phone.replace(/\s+/g, '')}`} fz="sm" fw={600}>
          {phone}
        </Anchor>
      </Text>
      <Text fz="sm">
        Email{' '}
        <Anchor href={`mailto:${email}`} fz="sm" fw={600}>
          {email}
        </Anchor>
      </Text>
    </Group>
  );
  // Under a centred card (the signed-out pages) the footer is centred too.
  if (compact) {
    return (
      <Stack component="footer" align="center" gap={4} px="lg" py="md" c="dimmed" ta="center">
        {contacts}
        {copyright}
      </Stack>
    );
  }
  return (
    <Group component="footer" justify="space-between" gap="xs" px="lg" py="sm" wrap="wrap" fz="sm" c="dimmed">
      {contacts}
      {copyright}
    </Group>
  );
}
