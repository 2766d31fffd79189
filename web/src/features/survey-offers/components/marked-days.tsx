import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatDisplayDate, UNAVAILABLE_REASON_MAX } from '@portal/domain';
import type { TDayMarks } from '../model/day-marks.ts';

/** The days marked so far: the available ones as a list, and a required reason per unavailable day. */
export function MarkedDays({
  marks,
  reasonErrors,
  setMarks,
}: {
  marks: TDayMarks;
  reasonErrors: Record<string, string>;
  setMarks(update: (current: TDayMarks) => TDayMarks): void;
}) {
  const ordered = Object.keys(marks).sort();
  const unavailable = ordered.filter((day) => !marks[day]!.available);
  const available = ordered.filter((day) => marks[day]!.available);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Available days
        </Title>
        <Text fz="sm" c={available.length ? undefined : 'dimmed'}>
          {available.length ? available.map(formatDisplayDate).join(', ') : 'No days marked available yet.'}
        </Text>
        <Title order={2} fz="lg" mt="sm">
          Unavailable days
        </Title>
        {unavailable.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No days marked unavailable.
          </Text>
        ) : (
          unavailable.map((day) => (
            <TextInput
              key={day}
              label={`Reason for ${formatDisplayDate(day)}`}
              required
              maxLength={UNAVAILABLE_REASON_MAX}
              value={marks[day]!.reason}
              error={reasonErrors[day]}
              onChange={(event) => {
                const reason = event.currentTarget.value;
                setMarks((current) => ({ ...current, [day]: { available: false, reason } }));
              }}
            />
          ))
        )}
      </Stack>
    </Paper>
  );
}
