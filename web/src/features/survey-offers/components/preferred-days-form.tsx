import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import {
  formatDisplayDate,
  preferredDaysPeriod,
  UNAVAILABLE_REASON_MAX,
  ZPreferredDaysSchema,
} from '@portal/domain';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useMutation } from 'urql';
import { PortalError } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { SavePreferredDaysMutation } from '../api/save-preferred-days.ts';
import { daysToSave, marksOf, toggleDay } from '../model/day-marks.ts';
import classes from './preferred-days.module.css';

type Kind = 'available' | 'unavailable';

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
  const [kind, setKind] = useState<Kind>('available');
  const [reasonErrors, setReasonErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [{ fetching }, save] = useMutation(SavePreferredDaysMutation);
  const ordered = Object.keys(marks).sort();
  const unavailable = ordered.filter((day) => !marks[day]!.available);
  const available = ordered.filter((day) => marks[day]!.available);
  // The calendar opens on the first stated day of the period (else today's month), so saved days show.
  const [firstShown] = useState(
    () => ordered.find((day) => day >= period.from && day <= period.to) ?? period.from,
  );
  const wide = useMediaQuery('(min-width: 1100px)') ?? false;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const sent = daysToSave(marks);
    const parsed = ZPreferredDaysSchema.safeParse(sent);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const index = issue.path[0];
        if (typeof index === 'number') errors[sent[index]!.day] ??= issue.message;
      }
      setReasonErrors(errors);
      setProblem(
        Object.keys(errors).length
          ? 'Give a reason for each unavailable day.'
          : parsed.error.issues[0]!.message,
      );
      return;
    }
    setReasonErrors({});
    const result = await save({ visitId, days: parsed.data });
    if (result.error) {
      setProblem(PortalError.fromCombinedError(result.error).message);
      return;
    }
    notifySuccess(result.data?.savePreferredDays.message ?? 'Saved.');
    onSaved();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
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
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Available days
            </Title>
            <Text fz="sm" c={available.length ? undefined : 'dimmed'}>
              {available.length
                ? available.map(formatDisplayDate).join(', ')
                : 'No days marked available yet.'}
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
        <Group justify="flex-end">
          <Button type="submit" loading={fetching}>
            Save preferred days
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
