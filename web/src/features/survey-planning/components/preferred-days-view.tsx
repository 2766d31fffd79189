import { Box, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { formatDisplayDate } from '@portal/domain';
import type { TPlanningVisit } from '../api/get-planning-visit.ts';
import { buildDaysGrid, type TDayAnswer } from '../model/days-grid.ts';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

const MARK: Record<'yes' | 'no' | 'none', { bg: string; c: string; symbol: string; word: string }> = {
  yes: { bg: 'green.1', c: '#1e5631', symbol: '✓', word: 'Available' },
  no: { bg: 'red.1', c: '#8a1c1c', symbol: '✕', word: 'Unavailable' },
  none: { bg: 'gray.1', c: 'gray.7', symbol: '·', word: 'No answer' },
};
const markOf = (answer: TDayAnswer | null) => MARK[answer ? (answer.available ? 'yes' : 'no') : 'none'];

function Chip({ initials, answer }: { initials: string; answer: TDayAnswer }) {
  const mark = markOf(answer);
  return (
    <Box
      component="span"
      aria-hidden="true"
      bg={mark.bg}
      c={mark.c}
      fz={10}
      fw={700}
      px={3}
      style={{ borderRadius: 4, lineHeight: '14px' }}
    >
      {initials}
      {mark.symbol}
    </Box>
  );
}

/**
 * Every offered surveyor's stated days of the requested period side by side: a calendar (each day
 * a chip per surveyor who answered: initials and ✓ available, ✕ unavailable) with its legend, and
 * the same as a table for screen readers (the chips are hidden from them: each day reads as its date).
 */
export function PreferredDaysView({ visit }: { visit: TPlanningVisit }) {
  const team = visit.surveyors.filter((s) => s.visitorStatus && s.visitorStatus !== 'DECLINED');
  if (!visit.periodFrom || !visit.periodTo)
    return (
      <Text fz="sm" c="dimmed">
        The visit has no due month, so there is no period to ask about.
      </Text>
    );
  if (team.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        Offer the visit to surveyors to see their days here.
      </Text>
    );
  if (!visit.preferredDaysRequestedAt && visit.days.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        The surveyors have not been asked for their days yet.
      </Text>
    );
  const period = { from: visit.periodFrom, to: visit.periodTo };
  // Opens on the month of the first stated day in the period (else the period's first month).
  const firstStated = visit.days
    .map((d) => d.day)
    .filter((day) => day >= period.from && day <= period.to)
    .sort()[0];
  const grid = buildDaysGrid(period, team, visit.days);
  const byDay = new Map(grid.map((d) => [d.day, d]));
  const people = team.map((s) => ({ ...s, initials: initialsOf(s.name) }));
  const caption = `Preferred days from ${formatDisplayDate(period.from)} to ${formatDisplayDate(period.to)}`;

  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap" aria-label="Legend" role="group">
        {people.map((p) => (
          <Text key={p.userId} fz="xs">
            <strong>{p.initials}</strong> {p.name}
          </Text>
        ))}
        {(['yes', 'no'] as const).map((key) => (
          <Text key={key} fz="xs">
            <Box
              component="span"
              bg={MARK[key].bg}
              c={MARK[key].c}
              fw={700}
              px={4}
              style={{ borderRadius: 4 }}
            >
              {MARK[key].symbol}
            </Box>{' '}
            {MARK[key].word}
          </Text>
        ))}
        <Text fz="xs" c="dimmed">
          No mark: no answer yet. Outlined: every surveyor is available.
        </Text>
      </Group>
      <Box>
        <Calendar
          static
          defaultDate={firstStated ?? period.from}
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
      <VisuallyHidden>
        <Table aria-label={caption}>
          <caption>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              {people.map((p) => (
                <Table.Th key={p.userId} scope="col">
                  {p.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.map((d) => (
              <Table.Tr key={d.day}>
                <Table.Th scope="row">{d.label}</Table.Th>
                {d.answers.map((answer, i) => (
                  <Table.Td key={people[i]!.userId}>
                    {markOf(answer).word}
                    {answer && !answer.available && answer.reason ? `: ${answer.reason}` : ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
