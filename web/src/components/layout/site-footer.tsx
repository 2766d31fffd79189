import { Anchor, Group, Text } from '@mantine/core';
import { env } from '../../config/env.ts';

export const COPYRIGHT_HOLDER = 'Connect Practice Accreditation';
export const VENDOR_CREDIT = 'Accreditation portal software';

/** Help phone, support e-mail, copyright line and vendor credit (spec 000 §1). */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const phone = env.VITE_HELP_PHONE;
  const email = env.VITE_SUPPORT_EMAIL;
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      px="lg"
      py={compact ? 10 : 'sm'}
      wrap="wrap"
      fz="sm"
      c="dimmed"
    >
      <Group gap="lg">
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
      <Text fz="xs">
        © {new Date().getFullYear()} {COPYRIGHT_HOLDER} · {VENDOR_CREDIT}
      </Text>
    </Group>
  );
}
