import { Alert, Button, Group, Stack } from '@mantine/core';
import { preferredDaysPeriod } from '@portal/domain';
import { useState } from 'react';
import { useSavePreferredDays } from '../hooks/use-save-preferred-days.ts';
import { marksOf } from '../model/day-marks.ts';
import { AvailabilityCalendar } from './availability-calendar.tsx';
import { MarkedDays } from './marked-days.tsx';

/** The calendar of the requested period and the reasons of unavailable days, saved as one set. */
export function PreferredDaysForm({
  visitId,
  due,
  today,
  days,
  onSaved,
}: {
  visitId: number;
  due: string;
  today: string;
  days: ReadonlyArray<{ day: string; available: boolean; reason?: string | null }>;
  onSaved(): void;
}) {
  const period = preferredDaysPeriod(due, today);
  const [marks, setMarks] = useState(() => marksOf(days));
  const { onSubmit, reasonErrors, problem, saving } = useSavePreferredDays(visitId, marks, onSaved);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <AvailabilityCalendar period={period} marks={marks} setMarks={setMarks} />
        <MarkedDays marks={marks} reasonErrors={reasonErrors} setMarks={setMarks} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save preferred days
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
