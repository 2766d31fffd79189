import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { formatDisplayDate } from '@portal/domain';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { type TDayMarks, toggleDay } from '../model/day-marks.ts';
import classes from './preferred-days.module.css';

type Kind = 'available' | 'unavailable';

/**
 * The calendar of the requested period: choose what to mark, then click days (again to clear);
 * each day's name says how it is marked. It opens on the first stated day of the period (else
 * the period's first month), so saved days show.
 */
export function AvailabilityCalendar({
  period,
  marks,
  setMarks,
}: {
  period: { from: string; to: string };
  marks: TDayMarks;
  setMarks(update: (current: TDayMarks) => TDayMarks): void;
}) {
  const [kind, setKind] = useState<Kind>('available');
  const [firstShown] = useState(
    () =>
      Object.keys(marks)
        .sort()
        .find((day) => day >= period.from && day <= period.to) ?? period.from,
  );
  const wide = useMediaQuery('(min-width: 1100px)') ?? false;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              Your availability
            </Title>
            <Text fz="sm" c="dimmed">
              Days from {formatDisplayDate(period.from)} to {formatDisplayDate(period.to)}. Choose what to
              mark, then click the days; click a day again to clear it.
            </Text>
          </Stack>
          <Group gap="xs">
            <Text fz="sm" fw={500} id="mark-days-as">
              Mark days as
            </Text>
            <SegmentedControl
              aria-labelledby="mark-days-as"
              value={kind}
              onChange={(value) => setKind(value as Kind)}
              data={[
                { value: 'available', label: 'Available' },
                { value: 'unavailable', label: 'Unavailable' },
              ]}
            />
          </Group>
        </Group>
        <Calendar
          minDate={period.from}
          maxDate={period.to}
          defaultDate={firstShown}
          numberOfColumns={2}
          size={wide ? 'md' : 'sm'}
          hideOutsideDates
          nextLabel="Next month"
          previousLabel="Previous month"
          className={classes.calendar}
          getDayAriaLabel={(date) => {
            const mark = marks[date];
            const label = format(parseISO(date), 'd MMMM yyyy');
            return mark ? `${label}, ${mark.available ? 'available' : 'unavailable'}` : label;
          }}
          getDayProps={(date) => {
            const mark = marks[date];
            return {
              'data-mark': mark ? (mark.available ? 'available' : 'unavailable') : undefined,
              className: classes.day,
              onClick: () => setMarks((current) => toggleDay(current, date, kind === 'available')),
            };
          }}
        />
        <Group gap="lg" fz="sm">
          <span className={classes.legend} data-mark="available">
            Available
          </span>
          <span className={classes.legend} data-mark="unavailable">
            Unavailable
          </span>
        </Group>
      </Stack>
    </Paper>
  );
}
