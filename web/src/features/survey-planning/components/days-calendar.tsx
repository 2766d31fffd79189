import { Box, Group, Stack, Text } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import type { TGridDay } from '../model/days-grid.ts';
import { Chip, type TDaysPerson } from './day-answer-marks.tsx';

/**
 * The requested period as a calendar, each day with a chip per surveyor who answered; a day
 * every surveyor is available on is outlined. `firstShown` is the month it opens on.
 */
export function DaysCalendar({
  period,
  firstShown,
  grid,
  people,
}: {
  period: { from: string; to: string };
  firstShown: string;
  grid: readonly TGridDay[];
  people: readonly TDaysPerson[];
}) {
  const byDay = new Map(grid.map((d) => [d.day, d]));
  return (
    <Box>
      <Calendar
        static
        defaultDate={firstShown}
        minDate={period.from}
        maxDate={period.to}
        firstDayOfWeek={1}
        hideOutsideDates
        weekendDays={[]}
        nextLabel="Next month"
        previousLabel="Previous month"
        styles={{
          month: { width: '100%' },
          monthCell: { padding: 2 },
          day: {
            width: '100%',
            height: 58,
            alignItems: 'flex-start',
            justifyContent: 'flex-start',
            padding: 4,
          },
        }}
        getDayProps={(date) => ({
          // Days outside the period stay readable (Mantine greys disabled days below 4.5:1).
          style: {
            color: 'var(--mantine-color-text)',
            opacity: 1,
            ...(byDay.get(date)?.allAvailable ? { outline: '2px solid var(--mantine-color-green-7)' } : {}),
          },
        })}
        renderDay={(date) => {
          const day = byDay.get(date);
          return (
            <Stack gap={2} align="flex-start">
              <Text fz="xs" fw={600}>
                {Number(date.slice(8, 10))}
              </Text>
              {day && date >= period.from && date <= period.to ? (
                <Group gap={2} wrap="wrap">
                  {people.map((p, i) => {
                    const answer = day.answers[i];
                    return answer ? <Chip key={p.userId} initials={p.initials} answer={answer} /> : null;
                  })}
                </Group>
              ) : null}
            </Stack>
          );
        }}
      />
    </Box>
  );
}
