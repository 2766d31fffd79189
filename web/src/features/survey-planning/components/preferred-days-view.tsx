import { Stack, Text } from '@mantine/core';
import { formatDisplayDate } from '@portal/domain';
import type { TPlanningVisit } from '../api/get-planning-visit.ts';
import { buildDaysGrid } from '../model/days-grid.ts';
import { DaysLegend, initialsOf } from './day-answer-marks.tsx';
import { DaysCalendar } from './days-calendar.tsx';
import { DaysTable } from './days-table.tsx';

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
  const people = team.map((s) => ({ ...s, initials: initialsOf(s.name) }));
  const caption = `Preferred days from ${formatDisplayDate(period.from)} to ${formatDisplayDate(period.to)}`;

  return (
    <Stack gap="sm">
      <DaysLegend people={people} />
      <DaysCalendar period={period} firstShown={firstStated ?? period.from} grid={grid} people={people} />
      <DaysTable caption={caption} grid={grid} people={people} />
    </Stack>
  );
}
