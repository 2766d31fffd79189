import { Badge, Table, Text } from '@mantine/core';
import { formatDisplayDate } from '@portal/domain';

/** The days the surveyor stated, as a table (the read-only view, and the record under the calendar). */
export function StatedDays({
  days,
}: {
  days: ReadonlyArray<{ day: string; available: boolean; reason?: string | null }>;
}) {
  if (days.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        You have not stated any days for this survey visit.
      </Text>
    );
  return (
    <Table verticalSpacing="xs" aria-label="Your stated days">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Day</Table.Th>
          <Table.Th>Availability</Table.Th>
          <Table.Th>Reason</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {days.map((d) => (
          <Table.Tr key={d.day}>
            <Table.Td>{formatDisplayDate(d.day)}</Table.Td>
            <Table.Td>
              <Badge color={d.available ? 'teal' : 'red'} variant="light">
                {d.available ? 'Available' : 'Unavailable'}
              </Badge>
            </Table.Td>
            <Table.Td>{d.reason ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
