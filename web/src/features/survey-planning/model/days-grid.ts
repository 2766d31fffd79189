import { formatDisplayDate } from '@portal/domain';
import { eachDayOfInterval, format, parseISO } from 'date-fns';

export interface TDayAnswer {
  available: boolean;
  reason: string | null;
}

export interface TGridPerson {
  userId: number;
  name: string;
}

/** One day of the requested period: each offered surveyor's answer (or none). */
export interface TGridDay {
  day: string;
  label: string;
  answers: ReadonlyArray<TDayAnswer | null>;
  /** Every surveyor of the team said they are available. */
  allAvailable: boolean;
}

/** The days from `from` to `to` (yyyy-MM-dd, inclusive; none when `to` comes first). */
export function daysBetween(from: string, to: string): string[] {
  if (to < from) return [];
  return eachDayOfInterval({ start: parseISO(from), end: parseISO(to) }).map((day) =>
    format(day, 'yyyy-MM-dd'),
  );
}

/**
 * The stated days side by side: a row per day of the period, a column per surveyor. Days stated
 * outside the period are kept (after it), so nothing a surveyor said is hidden.
 */
export function buildDaysGrid(
  period: { from: string; to: string } | null,
  people: readonly TGridPerson[],
  stated: ReadonlyArray<{ userId: number; day: string; available: boolean; reason: string | null }>,
): TGridDay[] {
  const byKey = new Map(stated.map((s) => [`${s.userId}:${s.day}`, s]));
  const days = new Set(period ? daysBetween(period.from, period.to) : []);
  for (const s of stated) days.add(s.day);
  return [...days].sort().map((day) => {
    const answers = people.map((person) => {
      const answer = byKey.get(`${person.userId}:${day}`);
      return answer ? { available: answer.available, reason: answer.reason } : null;
    });
    return {
      day,
      label: formatDisplayDate(day),
      answers,
      allAvailable: people.length > 0 && answers.every((a) => a?.available === true),
    };
  });
}
